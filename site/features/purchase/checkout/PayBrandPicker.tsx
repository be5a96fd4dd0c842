import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { PayBrandView, PaymentMethodView } from '#shared/views/booking.ts';
import { offeredMethods, type PayMethod } from '../payment/pay-methods.ts';
import { PAYMENT_TEXTS } from '../texts.ts';

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
  'flex min-h-11 gap-2 rounded-xl border border-line bg-white px-3 py-2 text-left text-sm font-bold text-ink hover:border-brand';

/** 'Tarjeta · ePayco': the method and the brand, on screen and to a screen reader (issue 38). */
const payWayName = (method: PayMethod, brand: Pick<PayBrandView, 'name'>): string =>
  `${method === 'card' ? PAYMENT_TEXTS.cardShort : PAYMENT_TEXTS.pseShort} · ${brand.name}`;

/**
 * 'Pagar en línea con:' and one button per way to pay: each method of each brand ('Tarjeta ·
 * ePayco', its mark above the words, large enough to read), or each brand when the wizard asks
 * the method.
 */
export function PayBrandPicker({ headingId, brands, methods, onChoose }: PayBrandPickerProps) {
  const ways = methods ? offeredMethods(methods) : [];
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 font-bold">
        {BOOKING_TEXTS.payOnlineWith}
      </h3>
      {ways.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2">
          {brands.flatMap((brand) =>
            ways.map((method) => (
              <li key={`${brand.id}-${method}`} className="flex">
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => onChoose(brand, method)}
                  className={`${WAY_BUTTON} flex-1 flex-col items-start`}
                >
                  <img
                    src={brand.image}
                    alt=""
                    width="120"
                    height="40"
                    className="h-10 w-[120px] max-w-full object-contain object-left"
                  />
                  <span>{payWayName(method, brand)}</span>
                </button>
              </li>
            )),
          )}
        </ul>
      ) : (
        <div className="flex flex-wrap gap-3">
          {brands.map((brand) => (
            <button
              key={brand.id}
              type="button"
              aria-haspopup="dialog"
              onClick={() => onChoose(brand, null)}
              className={`${WAY_BUTTON} min-h-12 items-center px-4`}
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
