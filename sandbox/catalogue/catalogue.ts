import type { LayoutPosition } from '#shared/cinema-api/booking.ts';
import type { SnackProduct } from '#shared/cinema-api/catalogue.ts';
import { addDays } from '../lib/calendar.ts';
import { MOVIES, type MovieSeed } from '../db/seed/movies.ts';
import { BIG_ROOMS, ROOMS, type RoomSeed } from '../db/seed/rooms.ts';
import { SNACKS } from '../db/seed/snacks.ts';
import { buildImageRegistry, type ImageSpec } from './images.ts';
import { buildLayout, seatKey } from './layout.ts';

/** The static catalogue, indexed; built once per sandbox, relative to its seed day. */
export interface Catalogue {
  /** The seed day, 'YYYY-MM-DD' in Bogota. */
  seedDay: string;
  movies: MovieSeed[];
  movieById: Map<number, MovieSeed>;
  movieBySlug: Map<string, MovieSeed>;
  /** The rooms listed and programmed every day; `roomById` and `roomBySlug` also know BIG_ROOMS. */
  rooms: RoomSeed[];
  roomById: Map<number, RoomSeed>;
  roomBySlug: Map<string, RoomSeed>;
  layouts: Map<number, LayoutPosition[]>;
  /** Per room, grid cell by seatKey(fila, columna). */
  seatIndex: Map<number, Map<string, LayoutPosition>>;
  /** Per room, the seats sold on the web (not aisles, not disabled-person seats). */
  saleCapacity: Map<number, number>;
  /** Per room, the price zones (zona) its seats use. */
  roomZones: Map<number, Set<string>>;
  snackByCode: Map<string, SnackProduct>;
  images: Map<string, ImageSpec>;
}

export function releaseDate(catalogue: Catalogue, movie: MovieSeed): string {
  return addDays(catalogue.seedDay, movie.releaseOffsetDays);
}

export function buildCatalogue(seedDay: string): Catalogue {
  const layouts = new Map<number, LayoutPosition[]>();
  const seatIndex = new Map<number, Map<string, LayoutPosition>>();
  const saleCapacity = new Map<number, number>();
  const roomZones = new Map<number, Set<string>>();
  const allRooms = [...ROOMS, ...BIG_ROOMS];
  for (const room of allRooms) {
    const layout = buildLayout(room);
    layouts.set(room.id, layout);
    seatIndex.set(room.id, new Map(layout.map((cell) => [seatKey(cell.FilaTotal, cell.ColumnaTotal), cell])));
    saleCapacity.set(room.id, layout.filter((cell) => cell.TipoSilla === 'Normal').length);
    roomZones.set(room.id, new Set(layout.filter((cell) => cell.TipoZona !== '').map((cell) => cell.TipoZona)));
  }
  return {
    seedDay,
    movies: MOVIES,
    movieById: new Map(MOVIES.map((movie) => [movie.id, movie])),
    movieBySlug: new Map(MOVIES.map((movie) => [movie.slug, movie])),
    rooms: ROOMS,
    roomById: new Map(allRooms.map((room) => [room.id, room])),
    roomBySlug: new Map(allRooms.map((room) => [room.slug, room])),
    layouts,
    seatIndex,
    saleCapacity,
    roomZones,
    snackByCode: new Map(SNACKS.map((snack) => [snack.Codigo, snack])),
    images: buildImageRegistry(),
  };
}
