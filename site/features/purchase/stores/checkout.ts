/** 'Detalle de la Compra' and the pay brand chosen in it, which opens the payment wizard. */
import { atom } from 'nanostores';
import type { PayBrandView } from '../../../../shared/views/booking.ts';

export function createCheckoutStore() {
  const $open = atom(false);
  const $payBrand = atom<PayBrandView | null>(null);

  return {
    $open,
    $payBrand,
    open: () => $open.set(true),
    close: () => $open.set(false),
    chooseBrand: (brand: PayBrandView) => $payBrand.set(brand),
    /** Closing the payment wizard clears the brand chosen. */
    closePayment: () => $payBrand.set(null),
    /** Both dialogs closed, no brand chosen. */
    closeAll: () => {
      $payBrand.set(null);
      $open.set(false);
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
