import { expect } from 'vitest';
import { BookingDataAnswerSchema, ConsecutiveAnswerSchema } from '#shared/cinema-api/booking.ts';
import { TokenAnswerSchema } from '#shared/cinema-api/accounts.ts';
import { CardPayAnswerSchema, PayBrandsAnswerSchema } from '#shared/cinema-api/payments.ts';
import type { Stack } from './harness.ts';

/**
 * Purchases made directly against the sandbox (the purchase routes are another feature's),
 * with the very token the BFF sealed in a person's cookie, for the tests of what reads a bill.
 */

export const ACCEPTED_CARD = '4575623182290326';
export const DECLINED_CARD = '4151611527583283';

export function sandboxBuyer(stack: Stack, token: string) {
  async function api(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const response = await fetch(`${stack.sandboxUrl}/api/v1/${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-key': stack.config.cinema.apiKey,
        'x-custom-action': stack.config.cinema.actionKey,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as unknown };
  }

  /** Pays `seatCount` seats of the room's first priced zone (pay type 1) or the membership (3); answers the bill. */
  async function payByCard(showtimeId: number, cardNumber: string, payType: 1 | 3, seatCount = 1): Promise<string> {
    const consecutive = ConsecutiveAnswerSchema.parse((await api('GET', 'score/consecutive/1')).json).data.Secuencia;
    const booking = BookingDataAnswerSchema.parse((await api('GET', `room/${showtimeId}`)).json).data;
    let seats: unknown[] = [];
    let subtotal = 60_000;
    let service = 3_000;
    if (payType === 1) {
      const zone = booking.prices.find((price) => price.valor > 1 && price.ClienteFrecuente === 'deshabilitado')!;
      const taken = new Set<string>();
      const status = await api('GET', `room/${showtimeId}/status`);
      for (const row of (
        status.json as {
          data: Array<{ filTot: number; DescripcionSilla: Array<{ Columna: number; EstadoSilla: string }> }>;
        }
      ).data) {
        for (const seat of row.DescripcionSilla)
          if (seat.EstadoSilla !== 'S') taken.add(`${row.filTot}-${seat.Columna}`);
      }
      const free = booking.layout.filter(
        (cell) =>
          cell.TipoSilla === 'Normal' &&
          cell.TipoZona === zone.zona &&
          !taken.has(`${cell.FilaTotal}-${cell.ColumnaTotal}`),
      );
      seats = free.slice(0, seatCount).map((seat) => ({
        Fila: seat.FilaTotal,
        Columna: seat.ColumnaTotal,
        FilRelativa: seat.FilaRelativa,
        ColRelativa: seat.ColumnaRelativa,
        Tarifa: zone.codigo,
      }));
      const reserve = await api('POST', `reserve/${showtimeId}`, {
        score_consecutive: consecutive,
        seats,
        device: 'web',
      });
      expect(reserve.status).toBe(200);
      subtotal = zone.valor * seatCount;
      service = 2_000 * seatCount;
    }
    const payToken = TokenAnswerSchema.parse(
      (
        await api(
          'POST',
          'pay-token',
          { score_consecutive: consecutive },
          { 'x-registration-key': stack.config.cinema.registrationKey },
        )
      ).json,
    ).token;
    const brand = PayBrandsAnswerSchema.parse((await api('GET', 'pay-brands')).json).data.data[0]!;
    const pay = await api('POST', 'epayco/card/pay', {
      pay_type: payType,
      card_name: 'LAURA MARTINEZ',
      card_number: cardNumber,
      cvc: '123',
      exp_month: '12',
      exp_year: String(new Date().getFullYear() + 2),
      dues: 1,
      pay_token: payToken,
      subtotal,
      total_service: service,
      total: subtotal + service,
      device: 'web',
      score_consecutive: consecutive,
      score_payment_method: booking.payment_method.score_payment_method,
      theater_id: 1,
      ...(payType === 1 ? { showtime_id: showtimeId } : {}),
      seats,
      products: [],
      keyPay: brand.id,
    });
    return CardPayAnswerSchema.parse(pay.json).bill;
  }

  return { payByCard };
}
