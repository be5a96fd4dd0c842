/** Our own texts of the pages after paying, where the spec quotes none. */
export const AFTER_PAYMENT_TEXTS = {
  addToCalendar: 'Agregar a mi calendario',
  paymentDetail: 'Ver el detalle del pago',
  // The wallets' own wording for their buttons in Spanish.
  addToAppleWallet: 'Agregar a Apple Wallet',
  saveToGoogleWallet: 'Guardar en Google Wallet',
  walletsLabel: 'Llevar tus boletas en el teléfono',
} as const;
