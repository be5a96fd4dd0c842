import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { PayBrandView, PaymentMethodView } from '#shared/views/booking.ts';
import { offeredMethods, type PayMethod } from './pay-methods.ts';
import { PAYMENT_TEXTS } from './texts.ts';

export interface PayBrandPickerProps {
  /** The heading's id, unique on the page. */
  headingId: string;
  brands: readonly PayBrandView[];
  /**
   * Given, each brand offers its methods here (card, PSE), so one tap opens the form; without,
   * the brand is chosen and the payment wizard asks the method.
   */
  methods?: PaymentMethodView;
  onChoose: (brand: PayBrandView, method: PayMethod | null) => void;
}

const WAY_BUTTON =
  'flex min-h-11 items-center gap-2 rounded-xl border border-line bg-white px-3 py-2 text-left text-sm font-bold text-ink hover:border-brand';

/** 'Pagar en línea con:' and one button per pay brand, or per method of each brand. */
export function PayBrandPicker({ headingId, brands, methods, onChoose }: PayBrandPickerProps) {
  const ways = methods ? offeredMethods(methods) : [];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 font-bold">
        {BOOKING_TEXTS.payOnlineWith}
      </h3>
      {ways.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {brands.map((brand) => (
            <li key={brand.id} className="flex items-center gap-2">
              <img
                src={brand.image}
                alt={brand.name}
                width="48"
                height="28"
                className="h-7 w-12 shrink-0 rounded bg-white object-contain px-0.5"
              />
              <div role="group" aria-label={brand.name} className="grid flex-1 grid-cols-2 gap-2">
                {ways.map((method) => (
                  <button
                    key={method}
                    type="button"
                    aria-haspopup="dialog"
                    onClick={() => onChoose(brand, method)}
                    className={WAY_BUTTON}
                  >
                    {method === 'card' ? PAYMENT_TEXTS.cardShort : PAYMENT_TEXTS.pseShort}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-wrap gap-3">
          {brands.map((brand) => (
            <button
              key={brand.id}
              type="button"
              aria-haspopup="dialog"
              onClick={() => onChoose(brand, null)}
              className={`${WAY_BUTTON} min-h-12 px-4`}
            >
              <img src={brand.image} alt="" width="48" height="28" className="h-7 w-auto" />
              {brand.name}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
