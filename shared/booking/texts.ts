/**
 * Every Spanish text of the purchase flow that the spec quotes (document 2, sections 2, 4,
 * 5 and 8), written once, spelling and accents set right (site/decisions/spanish-texts.md),
 * so islands, BFF and tests use the very same words.
 */
export const BOOKING_TEXTS = {
  backToMovie: 'Cambiar fecha y hora de la función',
  chooseLocation: 'Selecciona la ubicación',
  screen: 'PANTALLA',
  legendAvailable: 'Disponibles',
  legendOccupied: 'Ocupadas',
  legendSelected: 'Seleccionadas',
  continuePurchase: 'Continuar con la compra',
  ageWarning: (age: string) => `Exclusiva para mayores de ${age} años`,
  idRequired: 'Debe presentar documento de identidad',
  memberBanner: 'Ya eres parte del Club Vizionarios',

  addToCart: 'Agregar al carrito',
  changePreviousData: 'Cambiar datos anteriores (Deberás volver a seleccionar tu confitería)',
  finishPurchase: 'Finalizar compra',
  checkoutTitle: 'Detalle de la Compra',
  payOnlineWith: 'Pagar en línea con:',
  timeLeft: 'Tiempo restante',

  seatLimitTitle: '¡Lo sentimos!',
  seatLimit: (max: number) => `Solo puedes seleccionar ${max} asientos.`,
  comboLimitTitle: '¡Lo sentimos!',
  comboLimit: (max: number) => `Solo puedes seleccionar ${max} combos en total.`,
  startedTitle: '¡Lo sentimos!',
  started: 'No es posible reservar asientos en funciones en curso. Por favor, selecciona otro horario.',
  /** The purchase route of a started showtime (reached from a page cached before it started, or without JavaScript). */
  startedOtherHour: 'Ver otros horarios',
  incompleteCombo: 'Debes seleccionar la receta del combo',

  expiredTitle: 'El tiempo de tu reserva ha expirado',
  expired: 'Debes reiniciar el proceso para completar tu reserva.',

  reserveErrorTitle: 'Hubo un error al reservar',
  reserveErrorFallback: 'Por favor, elige otro asiento',
  seatsAlreadyReserved: 'Las sillas ya están reservadas.',

  reservingSpinner: 'Reservando sillas...',
  payingSpinner: 'Procesando tu pago, por favor espera...',

  paymentErrorTitle: 'Estado de la transacción',
  paymentErrorFallback: 'Hubo un error al procesar el pago',
  paymentSuccessTitle: '¡Transacción exitosa!',
  paymentSuccess: 'Tu pago fue procesado correctamente.',

  statusTitle: (statusName: string) => `Estado del pago: ${statusName}`,
  seeQrCodes: 'VER MIS CÓDIGOS QR',
  tryAgain: 'VOLVER A INTENTAR',
  myTickets: 'Mis Tickets',
  confectionery: 'Confitería',
} as const;

/** Saving texts of a price zone (document 2, section 6). `amount` is already formatted ('$3.000'). */
export const joinAndSaveText = (amount: string): string => `Afíliate y ahorra ${amount} por boleta`;
export const youSaveText = (amount: string): string => `Ahorras ${amount} por boleta`;
