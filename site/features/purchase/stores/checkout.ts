/** 'Detalle de la Compra' and the pay brand (and method, when chosen with it) that opens the payment wizard. */
import { atom } from 'nanostores';
import type { PayBrandView } from '#shared/views/booking.ts';
import type { PayMethod } from '#site/features/payment/pay-methods.ts';

export function createCheckoutStore() {
  const $open = atom(false);
  const $payBrand = atom<PayBrandView | null>(null);
  /** The method chosen in the checkout with the brand (one brand): the wizard opens on its form. */
  const $payMethod = atom<PayMethod | null>(null);

  return {
    $open,
    $payBrand,
    $payMethod,
    open: () => $open.set(true),
    close: () => $open.set(false),
    chooseBrand: (brand: PayBrandView, method: PayMethod | null = null) => {
      $payMethod.set(method);
      $payBrand.set(brand);
    },
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
