import { BOOKING_TEXTS } from '../../../../shared/booking/texts.ts';
import type { PayBrandView } from '../../../../shared/views/booking.ts';

export interface PayBrandPickerProps {
  /** The heading's id, unique on the page. */
  headingId: string;
  brands: readonly PayBrandView[];
  onChoose: (brand: PayBrandView) => void;
}

/** 'Pagar en Linea con:' and one button per pay brand (tickets' checkout and the membership). */
export function PayBrandPicker({ headingId, brands, onChoose }: PayBrandPickerProps) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-3 font-bold">
        {BOOKING_TEXTS.payOnlineWith}
      </h3>
      <div className="flex flex-wrap gap-3">
        {brands.map((brand) => (
          <button
            key={brand.id}
            type="button"
            aria-haspopup="dialog"
            onClick={() => onChoose(brand)}
            className="flex min-h-12 items-center gap-2 rounded-xl border border-line bg-white px-4 py-2 text-sm font-bold text-ink hover:border-brand"
          >
            <img src={brand.image} alt="" width="48" height="28" className="h-7 w-auto" />
            {brand.name}
          </button>
        ))}
      </div>
    </section>
  );
}
