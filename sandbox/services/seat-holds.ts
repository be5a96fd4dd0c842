import type { RoomStatusRow, SeatState, SelectedSeat } from '#shared/cinema-api/booking.ts';
import { SEAT_TYPE_AISLE, SEAT_TYPE_NORMAL } from '#shared/cinema-api/seat-types.ts';
import { seatKey, seatLabel } from '../catalogue/layout.ts';
import { allRows, inTransaction, run, type Database } from '../db/database.ts';
import { type FieldErrors, invalidField } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { RESERVATION_HOLD_SECONDS } from '#shared/booking/constants.ts';
import { isMember, type UserRow } from './users.ts';
import { pricesFor } from './prices.ts';
import type { ShowtimeRow } from './showtimes.ts';

/** The cinema's hold time is the one the spec gives (and the site counts down from). */
export const HOLD_SECONDS = RESERVATION_HOLD_SECONDS;

export interface HoldRow {
  id: number;
  showtime_id: number;
  fila: number;
  columna: number;
  label: string;
  tarifa: string;
  price: number;
  user_id: number;
  consecutive: number;
  expires_at: number | null;
  bill_id: number | null;
  sold: number;
}

export interface SeatToHold {
  fila: number;
  columna: number;
  label: string;
  tarifa: string;
  price: number;
}

/** Checks each requested seat against the layout and the price list; collects 422 errors. */
export function resolveSeats(
  ctx: SandboxContext,
  showtime: ShowtimeRow,
  user: UserRow,
  seats: SelectedSeat[],
  errors: FieldErrors,
): SeatToHold[] {
  const cells = ctx.catalogue.seatIndex.get(showtime.room_id);
  const prices = pricesFor(ctx, showtime);
  const member = isMember(user, ctx.clock.nowMs());
  const seen = new Set<string>();
  const resolved: SeatToHold[] = [];
  seats.forEach((seat, index) => {
    const field = `seats.${index}`;
    const key = seatKey(seat.Fila, seat.Columna);
    const cell = cells?.get(key);
    if (cell === undefined || cell.TipoSilla === SEAT_TYPE_AISLE) {
      errors.add(field, `La silla ${seat.FilRelativa}-${seat.ColRelativa} no existe en la sala.`);
      return;
    }
    const label = seatLabel(cell);
    if (cell.FilaRelativa !== seat.FilRelativa || cell.ColumnaRelativa !== seat.ColRelativa) {
      errors.add(field, `La fila y columna relativas no corresponden a la silla ${label}.`);
      return;
    }
    if (cell.TipoSilla !== SEAT_TYPE_NORMAL) {
      errors.add(field, `La silla ${label} no está disponible para la venta en línea.`);
      return;
    }
    if (seen.has(key)) {
      errors.add('seats', `La silla ${label} está repetida.`);
      return;
    }
    seen.add(key);
    const zone = prices.find((price) => price.codigo === seat.Tarifa);
    if (zone === undefined || zone.zona !== cell.TipoZona || zone.valor <= 1) {
      errors.add(`${field}.Tarifa`, `La tarifa ${seat.Tarifa} no aplica para la silla ${label}.`);
      return;
    }
    if (zone.ClienteFrecuente === 'habilitado' && !member) {
      errors.add(`${field}.Tarifa`, `La tarifa ${seat.Tarifa} es exclusiva para miembros del Club Vizionarios.`);
      return;
    }
    resolved.push({ fila: seat.Fila, columna: seat.Columna, label, tarifa: zone.codigo, price: zone.valor });
  });
  return resolved;
}

function dropExpired(db: Database, showtimeId: number, nowMs: number): void {
  run(db, 'DELETE FROM seat_holds WHERE showtime_id = ? AND sold = 0 AND expires_at <= ?', showtimeId, nowMs);
}

/**
 * Replaces the caller's hold on this showtime and consecutive with `seats`, atomically.
 * The UNIQUE (showtime_id, fila, columna) constraint decides races: the loser gets OCUPADA.
 */
export function holdSeats(
  ctx: SandboxContext,
  showtimeId: number,
  user: UserRow,
  consecutive: number,
  seats: SeatToHold[],
): number {
  const now = ctx.clock.nowMs();
  const expiresAt = now + HOLD_SECONDS * 1000;
  return inTransaction(ctx.db, () => {
    dropExpired(ctx.db, showtimeId, now);
    releaseOwnHold(ctx.db, showtimeId, user.id, consecutive);
    for (const seat of seats) {
      const inserted = run(
        ctx.db,
        `INSERT INTO seat_holds (showtime_id, fila, columna, label, tarifa, price, user_id, consecutive, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (showtime_id, fila, columna) DO NOTHING`,
        showtimeId,
        seat.fila,
        seat.columna,
        seat.label,
        seat.tarifa,
        seat.price,
        user.id,
        consecutive,
        expiresAt,
      );
      if (inserted.changes === 0) throw invalidField('seats', `La silla ${seat.label} se encuentra OCUPADA`);
    }
    return expiresAt;
  });
}

/** Frees the caller's unpaid hold; returns how many seats were released. */
export function releaseOwnHold(db: Database, showtimeId: number, userId: number, consecutive: number): number {
  return run(
    db,
    'DELETE FROM seat_holds WHERE showtime_id = ? AND user_id = ? AND consecutive = ? AND sold = 0 AND bill_id IS NULL',
    showtimeId,
    userId,
    consecutive,
  ).changes;
}

/** The caller's live, unpaid hold on a showtime for a consecutive. */
export function liveHold(ctx: SandboxContext, showtimeId: number, userId: number, consecutive: number): HoldRow[] {
  return allRows<HoldRow>(
    ctx.db,
    `SELECT * FROM seat_holds WHERE showtime_id = ? AND user_id = ? AND consecutive = ?
       AND sold = 0 AND bill_id IS NULL AND expires_at > ? ORDER BY fila, columna`,
    showtimeId,
    userId,
    consecutive,
    ctx.clock.nowMs(),
  );
}

export interface StatusViewer {
  userId: number;
  consecutive: number | undefined;
}

/** Seat states of a showtime, row by row (no aisles). */
export function roomStatus(
  ctx: SandboxContext,
  showtime: ShowtimeRow,
  viewer: StatusViewer | undefined,
): RoomStatusRow[] {
  const holds = allRows<HoldRow>(
    ctx.db,
    'SELECT * FROM seat_holds WHERE showtime_id = ? AND (sold = 1 OR expires_at > ?)',
    showtime.id,
    ctx.clock.nowMs(),
  );
  const byKey = new Map(holds.map((hold) => [seatKey(hold.fila, hold.columna), hold]));
  const stateOf = (hold: HoldRow | undefined): SeatState => {
    if (hold === undefined) return 'S';
    if (hold.sold === 1) return 'V';
    const mine =
      viewer !== undefined &&
      hold.user_id === viewer.userId &&
      hold.bill_id === null &&
      (viewer.consecutive === undefined || viewer.consecutive === hold.consecutive);
    return mine ? 'R' : 'O';
  };
  const rows = new Map<number, RoomStatusRow>();
  for (const cell of ctx.catalogue.layouts.get(showtime.room_id) ?? []) {
    if (cell.TipoSilla === SEAT_TYPE_AISLE) continue;
    const row = rows.get(cell.FilaTotal) ?? { filRel: cell.FilaRelativa, filTot: cell.FilaTotal, DescripcionSilla: [] };
    row.DescripcionSilla.push({
      Columna: cell.ColumnaTotal,
      EstadoSilla: stateOf(byKey.get(seatKey(cell.FilaTotal, cell.ColumnaTotal))),
      TipoSilla: cell.TipoSilla,
    });
    rows.set(cell.FilaTotal, row);
  }
  return [...rows.values()];
}
