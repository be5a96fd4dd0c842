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
  chosenSeats: (seats: string) => `Sillas seleccionadas: ${seats}`,
  noSeats: 'Elige tus sillas en el mapa.',
  zonePrice: 'por boleta',
  room: 'Sala',
  memberPrice: 'Precio Club Vizionarios',
} as const;
