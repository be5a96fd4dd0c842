// Nine rooms, 1,320 seats in total, and two large ones kept out of the listing (BIG_ROOMS).
// Rows run from the screen (A) backwards; aisles are grid columns of TipoSilla 'pasillo'.

export interface RoomSeed {
  id: number;
  slug: string;
  name: string;
  complement: string;
  short_description: string;
  description: string;
  rows: number;
  seatsPerRow: number;
  /** Seat numbers after which an aisle column runs. */
  aislesAfter: number[];
  /** Rows (from A) priced General; the rest Preferencial. VIP rooms are all VIP. */
  generalRows: number;
  vip: boolean;
  supports3d: boolean;
}

const standard = (size: string, extra: string): string =>
  `<p>Sala ${size} con pantalla de pared a pared, sonido envolvente y sillas tipo <strong>stadium</strong>.</p><p>${extra}</p>`;

export const ROOMS: RoomSeed[] = [
  {
    id: 1,
    slug: 'sala-1',
    name: 'Sala 1',
    complement: 'Macro XD',
    short_description: '<p>Nuestra sala más grande: pantalla gigante y sonido Atmos.</p>',
    description: standard('de gran formato', 'Proyección láser 4K y 3D.'),
    rows: 13,
    seatsPerRow: 20,
    aislesAfter: [4, 16],
    generalRows: 8,
    vip: false,
    supports3d: true,
  },
  {
    id: 2,
    slug: 'sala-2',
    name: 'Sala 2',
    complement: '3D',
    short_description: '<p>Proyección 3D de última generación.</p>',
    description: standard('3D', 'Gafas 3D entregadas en la entrada.'),
    rows: 10,
    seatsPerRow: 20,
    aislesAfter: [5, 15],
    generalRows: 6,
    vip: false,
    supports3d: true,
  },
  {
    id: 3,
    slug: 'sala-3',
    name: 'Sala 3',
    complement: '2D',
    short_description: '<p>Comodidad clásica para toda la familia.</p>',
    description: standard('familiar', 'Ideal para funciones infantiles.'),
    rows: 12,
    seatsPerRow: 15,
    aislesAfter: [3, 12],
    generalRows: 7,
    vip: false,
    supports3d: false,
  },
  {
    id: 4,
    slug: 'sala-4',
    name: 'Sala 4',
    complement: '2D',
    short_description: '<p>Sonido digital 7.1.</p>',
    description: standard('mediana', 'Acceso a nivel para sillas de ruedas.'),
    rows: 10,
    seatsPerRow: 15,
    aislesAfter: [3, 12],
    generalRows: 6,
    vip: false,
    supports3d: false,
  },
  {
    id: 5,
    slug: 'sala-5',
    name: 'Sala 5',
    complement: '3D',
    short_description: '<p>3D y sonido envolvente.</p>',
    description: standard('3D', 'Pantalla curva plateada.'),
    rows: 10,
    seatsPerRow: 15,
    aislesAfter: [3, 12],
    generalRows: 6,
    vip: false,
    supports3d: true,
  },
  {
    id: 6,
    slug: 'sala-6',
    name: 'Sala 6',
    complement: '2D',
    short_description: '<p>Sala íntima para el mejor cine independiente.</p>',
    description: standard('íntima', 'Programación de autor.'),
    rows: 10,
    seatsPerRow: 12,
    aislesAfter: [6],
    generalRows: 6,
    vip: false,
    supports3d: false,
  },
  {
    id: 7,
    slug: 'sala-7',
    name: 'Sala 7',
    complement: '2D',
    short_description: '<p>Sala íntima con sonido digital.</p>',
    description: standard('íntima', 'Ideal para estrenos nacionales.'),
    rows: 10,
    seatsPerRow: 12,
    aislesAfter: [6],
    generalRows: 6,
    vip: false,
    supports3d: false,
  },
  {
    id: 8,
    slug: 'sala-vip-1',
    name: 'Sala VIP 1',
    complement: 'VIP',
    short_description: '<p>Sillas reclinables y servicio a la silla.</p>',
    description:
      '<p>Sillas reclinables de cuero, mesa auxiliar y <strong>servicio de confitería a la silla</strong>.</p>',
    rows: 6,
    seatsPerRow: 10,
    aislesAfter: [5],
    generalRows: 0,
    vip: true,
    supports3d: false,
  },
  {
    id: 9,
    slug: 'sala-vip-2',
    name: 'Sala VIP 2',
    complement: 'VIP',
    short_description: '<p>La experiencia VIP con proyección 3D.</p>',
    description: '<p>Sillas reclinables, cobijas y <strong>proyección 3D</strong>.</p>',
    rows: 8,
    seatsPerRow: 10,
    aislesAfter: [5],
    generalRows: 0,
    vip: true,
    supports3d: true,
  },
];

/**
 * Rooms of 520 and 1,040 seats (twice and four times Sala 1) for measuring and testing large
 * seat maps: not listed among the rooms and not in the daily programme, so the chain's pages
 * stay as they are; `POST /sandbox/movies/{slug}/showtimes` with `{"seats": 1040}` gives one a
 * showtime (sandbox/README.md).
 */
export const BIG_ROOMS: RoomSeed[] = [
  {
    id: 101,
    slug: 'sala-arena-520',
    name: 'Sala Arena 520',
    complement: 'Gran formato',
    short_description: '<p>Sala de gran formato para 520 personas.</p>',
    description: standard('de gran formato', 'Dos bloques laterales y uno central.'),
    rows: 26,
    seatsPerRow: 20,
    aislesAfter: [4, 16],
    generalRows: 16,
    vip: false,
    supports3d: true,
  },
  {
    id: 102,
    slug: 'sala-arena-1040',
    name: 'Sala Arena 1040',
    complement: 'Gran formato',
    short_description: '<p>Sala de gran formato para 1.040 personas.</p>',
    description: standard('de gran formato', 'Tres bloques de sillas entre dos pasillos.'),
    rows: 26,
    seatsPerRow: 40,
    aislesAfter: [10, 30],
    generalRows: 16,
    vip: false,
    supports3d: true,
  },
];
