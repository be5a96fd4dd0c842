/** Facts about the theater the pages state (the spec's marketing claims). */
export const THEATER_INFO = {
  name: 'Viziona',
  city: 'Colombia',
  screenCount: 9,
  seats: '+1.300',
  freeParkingHours: '3.5',
} as const;
