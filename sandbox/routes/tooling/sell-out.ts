import type { FastifyInstance } from 'fastify';
import { SEAT_TYPE_AISLE } from '#shared/cinema-api/seat-types.ts';
import { seatLabel } from '../../catalogue/layout.ts';
import { inTransaction, run } from '../../db/database.ts';
import { notFound } from '../../lib/api-error.ts';
import type { SandboxContext } from '../../lib/context.ts';
import { showtimeById } from '../../services/showtimes.ts';

/**
 * Sells every seat of a showtime still free, as a presale rush does in minutes (the waiting
 * room's tests: people waiting for it are told it sold out). The seats are sold to nobody:
 * no bill, no account.
 */
export function registerSellOutRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<{ Params: { id: string } }>('/showtimes/:id/sell-out', async (request) => {
    const showtime = showtimeById(ctx.db, Number(request.params.id));
    if (!showtime) throw notFound('Función no encontrada.');
    const layout = ctx.catalogue.layouts.get(showtime.room_id) ?? [];
    const sold = inTransaction(ctx.db, () => {
      let count = 0;
      for (const cell of layout) {
        if (cell.TipoSilla === SEAT_TYPE_AISLE || cell.ColumnaRelativa <= 0) continue;
        count += run(
          ctx.db,
          `INSERT OR IGNORE INTO seat_holds (showtime_id, fila, columna, label, tarifa, price, user_id, consecutive, sold)
           VALUES (?, ?, ?, ?, 'General', 0, 0, 0, 1)`,
          showtime.id,
          cell.FilaTotal,
          cell.ColumnaTotal,
          seatLabel(cell),
        ).changes;
      }
      return count;
    });
    return { sold };
  });
}
