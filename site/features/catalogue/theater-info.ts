/** Facts about the theater the pages state (the spec's marketing claims). */
export const THEATER_INFO = {
  name: 'Viziona',
  screenCount: 9,
  /** More than this many seats (shown with es-CO grouping: "1.300"). */
  seats: 1300,
  /** Hours of free parking with a ticket (shown with a decimal comma: "3,5"). */
  freeParkingHours: 3.5,
} as const;
