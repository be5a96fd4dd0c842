/** Texts of the purchase screen that the spec describes without quoting (ours). */
export const PURCHASE_TEXTS = {
  joinClubTitle: '¿Aún no eres parte del Club Vizionarios?',
  joinClub: 'Afíliate y ahorra hasta 20% en boletas y combos todos los días.',
  joinClubLink: 'Conoce el Club Vizionarios',
  memberUntil: (date: string) => `Tu membresía está vigente hasta el ${date}.`,
  snacksTitle: 'Agrega confitería a tu compra',
  snacksEmpty: 'No hay productos de confitería disponibles en este momento.',
  previous: 'Anterior',
  next: 'Siguiente',
  comboChoose: 'Arma tu combo',
  comboIncludes: 'Incluye',
  comboLastRecipe: 'Elegimos lo mismo que la última vez. Cambia lo que quieras.',
  comboSuggestedRecipe: 'Elegimos la primera opción de cada grupo. Cambia lo que quieras.',
  chosenSeats: (seats: string) => `Sillas seleccionadas: ${seats}`,
  noSeats: 'Elige tus sillas en el mapa.',
  // Issue 38: from the seat step on, the amount shown is the one charged, service included.
  total: 'Total',
  serviceIncluded: (amount: string) => `Incluye servicio de ${amount}.`,
  /** 'La silla F-7 ya no está disponible. Elige otra.'; for several, 'Las sillas F-7 y F-8 …'. */
  seatsGone: (seats: readonly string[]) =>
    seats.length === 1
      ? `La silla ${seats[0]} ya no está disponible. Elige otra.`
      : `Las sillas ${listOf(seats)} ya no están disponibles. Elige otras.`,
  seatCount: 'Cantidad de sillas',
  bestSeats: 'Elegir las mejores sillas',
  besideWheelchairSpace: 'Junto a un espacio para silla de ruedas',
  wheelchairSpaceHint:
    'Los espacios para silla de ruedas se reservan en taquilla: elegimos las sillas de tus acompañantes a su lado.',
  zonePrice: 'por boleta',
  room: 'Sala',
  memberPrice: 'Precio Club Vizionarios',
  holdChangedTitle: 'Tu compra cambió',
  holdGoneTitle: 'Tu reserva de sillas ya no está activa',
  holdElsewhere: (showtime: string) =>
    `Reservaste sillas para otra función (${showtime}) en otra ventana o dispositivo, así que estas sillas se liberaron. Vuelve a seleccionar tus sillas.`,
  holdReleased:
    'Las sillas de esta compra se liberaron o ya fueron pagadas en otra ventana. Vuelve a seleccionar tus sillas.',
  backToSeats: 'Volver a elegir sillas',
  // Issue 30: the seat map's zoom, the checkout's way back to the snacks, leaving a held purchase.
  zoomGroup: 'Tamaño del mapa de sillas',
  zoomIn: 'Acercar el mapa',
  zoomOut: 'Alejar el mapa',
  zoomAll: 'Ver toda la sala',
  zoomHint: 'Acerca o aleja el mapa con los botones, con dos dedos o con las teclas + y -.',
  // Issue 38: a legend entry for every kind of seat the map shows.
  legend: 'Convenciones',
  legendOtherZone: (zones: readonly string[]) => `${zones.join(', ')} (otra ubicación)`,
  legendWheelchair: 'Silla de ruedas (en taquilla)',
  // Issue 30: snacks added from the checkout, and leaving a purchase whose seats are held.
  moreSnacks: 'Agrega más confitería',
  addSnack: 'Agregar',
  leaveTitle: '¿Quieres salir de la compra?',
  leave: 'Si sales de la compra, liberaremos tus sillas.',
  leaveConfirm: 'Salir y liberar mis sillas',
  leaveCancel: 'Seguir con mi compra',
  newTab: '(se abre en una pestaña nueva)',
} as const;

/** 'F-7', 'F-7 y F-8', 'F-7, F-8 y F-9'. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}
