import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingDataAnswerSchema, ConsecutiveAnswerSchema } from '../../shared/cinema-api/booking.ts';
import { TokenAnswerSchema } from '../../shared/cinema-api/accounts.ts';
import { CardPayAnswerSchema, PayBrandsAnswerSchema } from '../../shared/cinema-api/payments.ts';
import { PurchaseDetailViewSchema, PurchasesViewSchema } from '../../shared/views/accounts.ts';
import { call, registerPerson, startStack, tokenInCookie, type Stack } from './harness.ts';
import { pickShowtime } from './booking-helpers.ts';

/**
 * Purchases are made directly against the sandbox (the purchase routes are another
 * feature's), with the very token the BFF sealed in the cookie; "Mis tickets" is then read
 * through the BFF.
 */

const ACCEPTED_CARD = '4575623182290326';
const DECLINED_CARD = '4151611527583283';

let stack: Stack;
let cookie: string;
let token: string;
let showtimeId: number;

beforeAll(async () => {
  stack = await startStack();
  const person = await registerPerson(stack.app);
  cookie = person.cookie;
  token = tokenInCookie(stack.app, cookie);
  // The card purchase reserves a seat of the room's first priced zone.
  showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
});
afterAll(async () => {
  await stack.close();
});

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

async function payByCard(cardNumber: string, payType: 1 | 3): Promise<string> {
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
      for (const seat of row.DescripcionSilla) if (seat.EstadoSilla !== 'S') taken.add(`${row.filTot}-${seat.Columna}`);
    }
    const seat = booking.layout.find(
      (cell) =>
        cell.TipoSilla === 'Normal' &&
        cell.TipoZona === zone.zona &&
        !taken.has(`${cell.FilaTotal}-${cell.ColumnaTotal}`),
    )!;
    seats = [
      {
        Fila: seat.FilaTotal,
        Columna: seat.ColumnaTotal,
        FilRelativa: seat.FilaRelativa,
        ColRelativa: seat.ColumnaRelativa,
        Tarifa: zone.codigo,
      },
    ];
    const reserve = await api('POST', `reserve/${showtimeId}`, {
      score_consecutive: consecutive,
      seats,
      device: 'web',
    });
    expect(reserve.status).toBe(200);
    subtotal = zone.valor;
    service = 2_000;
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

describe('my purchases', () => {
  it('lists ticket purchases with the right links, skipping the membership, and shows each one', async () => {
    const accepted = await payByCard(ACCEPTED_CARD, 1);
    const declined = await payByCard(DECLINED_CARD, 1);
    const membership = await payByCard(ACCEPTED_CARD, 3);

    const list = PurchasesViewSchema.parse((await call(stack.app, 'GET', '/bff/profile/purchases', { cookie })).body);
    const bills = list.purchases.map((purchase) => purchase.bill);
    expect(bills).toContain(accepted);
    expect(bills).toContain(declined);
    expect(bills).not.toContain(membership);

    const acceptedCard = list.purchases.find((purchase) => purchase.bill === accepted)!;
    expect(acceptedCard).toMatchObject({ accepted: true, status: 'Aceptada', href: `/ticket/${accepted}` });
    expect(acceptedCard.title).not.toBe('');
    expect(acceptedCard.poster).toMatch(/^https?:\/\//);
    expect(acceptedCard.dateText).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóú]+, \d{1,2} de [a-z]+$/);
    const declinedCard = list.purchases.find((purchase) => purchase.bill === declined)!;
    expect(declinedCard).toMatchObject({ accepted: false, href: `/pay-status/card/${declined}` });

    const detail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${accepted}`, { cookie })).body,
    );
    expect(detail).toMatchObject({
      bill: accepted,
      status: { id: 1, accepted: true },
      total: detail.subtotal + detail.totalService,
    });
    expect(detail.showtime?.id).toBe(showtimeId);
    expect(detail.codes).toHaveLength(1);
    expect(detail.seats).toHaveLength(1);

    const declinedDetail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${declined}`, { cookie })).body,
    );
    expect(declinedDetail.codes).toEqual([]);

    const membershipDetail = PurchaseDetailViewSchema.parse(
      (await call(stack.app, 'GET', `/bff/profile/purchases/${membership}`, { cookie })).body,
    );
    expect(membershipDetail.showtime).toBeNull();

    // The membership purchase is visible in the membership route and then in the session.
    const status = await call(stack.app, 'GET', '/bff/profile/membership', { cookie });
    expect(status.body).toMatchObject({ membership: { active: true, cineFan: 'vigente' } });
    const session = await call(stack.app, 'GET', '/bff/session', { cookie: status.cookie ?? cookie });
    expect(session.body).toMatchObject({ user: { membership: { active: true } } });
  });

  it("does not show another user's purchase", async () => {
    const other = await registerPerson(stack.app);
    const list = PurchasesViewSchema.parse((await call(stack.app, 'GET', '/bff/profile/purchases', { cookie })).body);
    const bill = list.purchases[0]!.bill;
    const answer = await call(stack.app, 'GET', `/bff/profile/purchases/${bill}`, { cookie: other.cookie });
    expect(answer.status).toBe(404);
  });
});
