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
  'flex min-h-11 rounded-xl border border-line bg-white px-3 py-1.5 text-left text-sm leading-tight font-bold text-ink hover:border-brand';

/** 'Tarjeta · ePayco': the method and the brand, on screen and to a screen reader (issue 38). */
const methodName = (method: PayMethod): string =>
  method === 'card' ? PAYMENT_TEXTS.cardShort : PAYMENT_TEXTS.pseShort;

/**
 * 'Pagar en línea con:' and one button per way to pay (issue 38): each brand's mark, large
 * enough to read, beside its methods, each button named by method and brand on screen and to a
 * screen reader ('Tarjeta · ePayco'); or one button per brand when the wizard asks the method.
 */
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
                alt=""
                width="88"
                height="40"
                className="h-10 w-[88px] shrink-0 rounded bg-white object-contain"
              />
              <div className="grid flex-1 grid-cols-2 gap-2">
                {ways.map((method) => (
                  <button
                    key={method}
                    type="button"
                    aria-haspopup="dialog"
                    onClick={() => onChoose(brand, method)}
                    className={`${WAY_BUTTON} relative flex-col justify-center`}
                  >
                    {methodName(method)}
                    <span className="sr-only"> · </span>
                    <span className="text-xs font-semibold text-ink/80">{brand.name}</span>
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
              className={`${WAY_BUTTON} min-h-12 items-center gap-2 px-4`}
            >
              <img src={brand.image} alt="" width="120" height="40" className="h-10 w-auto" />
              {brand.name}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
