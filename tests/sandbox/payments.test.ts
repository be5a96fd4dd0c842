import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipStatusAnswerSchema, TokenAnswerSchema } from '#shared/cinema-api/accounts.ts';
import { BillAnswerSchema, BillsAnswerSchema, TicketCodesAnswerSchema } from '#shared/cinema-api/bills.ts';
import { RoomStatusAnswerSchema } from '#shared/cinema-api/booking.ts';
import { ValidationErrorAnswerSchema } from '#shared/cinema-api/common.ts';
import { CardPayAnswerSchema, PayBrandsAnswerSchema, PsePayAnswerSchema } from '#shared/cinema-api/payments.ts';
import {
  APPROVED_CARD,
  DECLINED_CARD,
  PENDING_CARD,
  PENDING_REJECTED_CARD,
  SNACK_FEE,
  TICKET_FEE,
  cardPayload,
  consecutive,
  holdSeats,
  login,
  payToken,
  registerUser,
  type HeldPurchase,
} from './flows.ts';
import { DEMO, MEMBER, SECRETS, SITE_URL, startSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
let token: string;
let seatCursor = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await login(sandbox, DEMO);
});
afterAll(() => sandbox.close());

const hold = async (buyer = token, count = 2): Promise<HeldPurchase> => {
  seatCursor += count;
  return holdSeats(sandbox, buyer, count, seatCursor + 80);
};

const payCard = (body: unknown, buyer = token) =>
  sandbox.call('epayco/card/pay', { method: 'POST', token: buyer, body });

async function seatState(held: HeldPurchase, index = 0): Promise<string | undefined> {
  const seat = held.seats[index];
  const rows = RoomStatusAnswerSchema.parse((await sandbox.call(`room/${held.showtimeId}/status`)).body).data;
  return rows.find((row) => row.filTot === seat?.Fila)?.DescripcionSilla.find((cell) => cell.Columna === seat?.Columna)
    ?.EstadoSilla;
}

describe('pay brands and pay token', () => {
  it('lists pay brands under data.data', async () => {
    const answer = await sandbox.call('pay-brands');
    expect(answer.status).toBe(200);
    expect(PayBrandsAnswerSchema.parse(answer.body).data.data.map((brand) => brand.id)).toContain(1);
  });

  it("issues a pay token for the caller's consecutive only", async () => {
    const secuencia = await consecutive(sandbox, token);
    const answer = await sandbox.call('pay-token', {
      method: 'POST',
      token,
      headers: { 'X-Registration-Key': SECRETS.registrationKey },
      body: { score_consecutive: secuencia },
    });
    expect(answer.status).toBe(200);
    expect(TokenAnswerSchema.parse(answer.body).token.length).toBeGreaterThan(20);
    const other = await login(sandbox, MEMBER);
    const foreign = await sandbox.call('pay-token', {
      method: 'POST',
      token: other,
      headers: { 'X-Registration-Key': SECRETS.registrationKey },
      body: { score_consecutive: secuencia },
    });
    expect(foreign.status).toBe(422);
    const missing = await sandbox.call('pay-token', {
      method: 'POST',
      token,
      headers: { 'X-Registration-Key': SECRETS.registrationKey },
      body: {},
    });
    expect(missing.status).toBe(422);
  });
});

describe('card payment', () => {
  it('the approving test card sells the seats and gives one code per seat', async () => {
    const held = await hold();
    const answer = await payCard(cardPayload(held, await payToken(sandbox, token, held.secuencia), APPROVED_CARD));
    expect(answer.status).toBe(200);
    const result = CardPayAnswerSchema.parse(answer.body);
    expect(result.pay_status).toEqual({ id: 1, name: 'Aceptada' });
    expect(await seatState(held)).toBe('V');

    const bill = BillAnswerSchema.parse((await sandbox.call(`bills/${result.bill}`, { token })).body).data;
    expect(bill.pay_method).toBe('card');
    expect(bill.pay_type.id).toBe(1);
    expect(bill.seats).toHaveLength(2);
    expect(bill.total).toBe(held.ticketsTotal + 2 * TICKET_FEE);
    expect(bill.showtime?.id).toBe(held.showtimeId);
    expect(bill.theater.name).toBe('viziona');
    expect(bill.created_at).toBe('2026-03-10 10:00:00');
    const codes = TicketCodesAnswerSchema.parse(
      (await sandbox.call(`bills/${result.bill}/codes`, { token })).body,
    ).data;
    expect(codes.map((code) => code.seat).sort()).toEqual([...bill.seats].sort());
    expect(new Set(codes.map((code) => code.code)).size).toBe(2);

    const spent = await sandbox.call('pay-token', {
      method: 'POST',
      token,
      headers: { 'X-Registration-Key': SECRETS.registrationKey },
      body: { score_consecutive: held.secuencia },
    });
    expect(spent.status).toBe(422);
    const again = await payCard(cardPayload(held, 'cualquiera', APPROVED_CARD));
    expect(again.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(again.body).errors.score_consecutive).toBeDefined();
  });

  it('the declined test card answers 402 with a rejected bill and keeps the hold', async () => {
    const held = await hold();
    const answer = await payCard(cardPayload(held, await payToken(sandbox, token, held.secuencia), DECLINED_CARD));
    expect(answer.status).toBe(402);
    const result = CardPayAnswerSchema.parse(answer.body);
    expect(result.pay_status).toEqual({ id: 2, name: 'Rechazada' });
    expect(await seatState(held)).toBe('O');
    const bill = BillAnswerSchema.parse((await sandbox.call(`epayco/card/status/${result.bill}`, { token })).body).data;
    expect(bill.codes).toEqual([]);

    const retry = await payCard(cardPayload(held, await payToken(sandbox, token, held.secuencia), APPROVED_CARD));
    expect(retry.status).toBe(200);
  });

  it('any other Luhn-valid number is declined', async () => {
    const held = await hold();
    const answer = await payCard(cardPayload(held, await payToken(sandbox, token, held.secuencia), '4111111111111111'));
    expect(answer.status).toBe(402);
  });

  it('the pending test card leaves the bill pending and the seats blocked', async () => {
    const held = await hold();
    const answer = await payCard(cardPayload(held, await payToken(sandbox, token, held.secuencia), PENDING_CARD));
    expect(answer.status).toBe(200);
    const result = CardPayAnswerSchema.parse(answer.body);
    expect(result.pay_status).toEqual({ id: 3, name: 'Pendiente' });
    expect(await seatState(held)).toBe('O');
    const status = BillAnswerSchema.parse(
      (await sandbox.call(`pay-responses/${result.bill}/status`, { token })).body,
    ).data;
    expect(status.pay_status.id).toBe(3);
  });

  it('settles pending card payments three minutes later: accepted or rejected by the card number', async () => {
    const accepted = await hold();
    const rejected = await hold();
    const first = CardPayAnswerSchema.parse(
      (await payCard(cardPayload(accepted, await payToken(sandbox, token, accepted.secuencia), PENDING_CARD))).body,
    );
    const second = CardPayAnswerSchema.parse(
      (await payCard(cardPayload(rejected, await payToken(sandbox, token, rejected.secuencia), PENDING_REJECTED_CARD)))
        .body,
    );
    expect([first.pay_status.id, second.pay_status.id]).toEqual([3, 3]);
    const statusOf = async (bill: string) =>
      BillAnswerSchema.parse((await sandbox.call(`pay-responses/${bill}/status`, { token })).body).data;
    await sandbox.tool('clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 170 }),
    });
    try {
      expect((await statusOf(first.bill)).pay_status.id).toBe(3);
      await sandbox.tool('clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 11 }),
      });
      const settled = await statusOf(first.bill);
      expect(settled.pay_status).toEqual({ id: 1, name: 'Aceptada' });
      expect(settled.codes).toHaveLength(2);
      expect(await seatState(accepted)).toBe('V');
      expect((await statusOf(second.bill)).pay_status).toEqual({ id: 2, name: 'Rechazada' });
      expect(await seatState(rejected)).toBe('S');
    } finally {
      await sandbox.tool('clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: -181 }),
      });
    }
  });

  it('a number failing Luhn is a 422, as are bad card fields', async () => {
    const held = await hold();
    const payload = {
      ...cardPayload(held, await payToken(sandbox, token, held.secuencia), '4575623182290327'),
      cvc: '12',
      exp_month: '13',
      dues: 40,
    };
    const answer = await payCard(payload);
    expect(answer.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(answer.body).errors;
    expect(errors.card_number).toEqual(['El número de tarjeta no es válido.']);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['cvc', 'exp_month', 'dues']));
  });

  it('refuses an expired card, a missing or reused pay token and wrong totals', async () => {
    const held = await hold();
    const expired = await payCard({
      ...cardPayload(held, await payToken(sandbox, token, held.secuencia), APPROVED_CARD),
      exp_year: '2026',
      exp_month: '02',
    });
    expect(ValidationErrorAnswerSchema.parse(expired.body).errors.exp_year).toEqual(['La tarjeta está vencida.']);
    const noToken = await payCard(cardPayload(held, 'inventado', APPROVED_CARD));
    expect(ValidationErrorAnswerSchema.parse(noToken.body).errors.pay_token).toBeDefined();
    const wrongTotal = await payCard({
      ...cardPayload(held, await payToken(sandbox, token, held.secuencia), APPROVED_CARD),
      total: 1000,
    });
    expect(ValidationErrorAnswerSchema.parse(wrongTotal.body).errors.total).toBeDefined();
    expect((await payCard({})).status).toBe(422);
  });

  it('charges snacks with chosen recipes and refuses incomplete combos and member-only items', async () => {
    const held = await hold();
    const products = [
      {
        Codigo: 'COMBO-PAREJA',
        Cantidad: 1,
        Receta: [{ Codigo: 'CRIS-DUL' }, { Codigo: 'GAS-COLA' }, { Codigo: 'AGUA' }],
      },
      { Codigo: 'CHOCOLATINA', Cantidad: 2, Receta: [] },
    ];
    const snacks = 32000 + 2 * 5000;
    const base = cardPayload(held, await payToken(sandbox, token, held.secuencia), APPROVED_CARD);
    const incomplete = await payCard({
      ...base,
      products: [{ Codigo: 'COMBO-PAREJA', Cantidad: 1, Receta: [{ Codigo: 'CRIS-DUL' }] }],
    });
    expect(ValidationErrorAnswerSchema.parse(incomplete.body).errors['products.0.Receta']).toEqual([
      'Debes seleccionar la receta del combo',
    ]);
    const memberOnly = await payCard({ ...base, products: [{ Codigo: 'CF-CRIS-GRANDE', Cantidad: 1 }] });
    expect(ValidationErrorAnswerSchema.parse(memberOnly.body).errors['products.0.Codigo']?.[0]).toContain('exclusivo');

    const subtotal = held.ticketsTotal + snacks;
    const totalService = TICKET_FEE * 2 + SNACK_FEE * 3;
    const answer = await payCard({
      ...base,
      products,
      subtotal,
      total_service: totalService,
      total: subtotal + totalService,
    });
    expect(answer.status).toBe(200);
    const bill = BillAnswerSchema.parse(
      (await sandbox.call(`bills/${CardPayAnswerSchema.parse(answer.body).bill}`, { token })).body,
    ).data;
    const combo = bill.products.find((product) => product.Codigo === 'COMBO-PAREJA');
    expect(combo?.Receta.map((item) => item.Codigo)).toEqual(['CRIS-DUL', 'GAS-COLA', 'AGUA']);
    expect(bill.total).toBe(subtotal + totalService);
  });

  it('refuses paying seats whose hold expired', async () => {
    const local = await startSandbox();
    try {
      const buyer = await login(local, DEMO);
      const held = await holdSeats(local, buyer, 1);
      const tokenValue = await payToken(local, buyer, held.secuencia);
      await local.tool('clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 601 }),
      });
      const answer = await local.call('epayco/card/pay', {
        method: 'POST',
        token: buyer,
        body: cardPayload(held, tokenValue, APPROVED_CARD),
      });
      expect(answer.status).toBe(422);
      expect(ValidationErrorAnswerSchema.parse(answer.body).errors.seats).toBeDefined();
    } finally {
      await local.close();
    }
  });
});

function psePayload(held: HeldPurchase) {
  const {
    pay_token: _token,
    card_name: _name,
    card_number: _number,
    cvc: _cvc,
    exp_month: _month,
    exp_year: _year,
    dues: _dues,
    ...common
  } = cardPayload(held, '', APPROVED_CARD);
  return {
    ...common,
    bank: '1022',
    name: 'Laura',
    lastname: 'Pérez',
    doc_type: 'CC',
    doc_number: '52123456',
    email: 'laura@correo.test',
    phone: '3001234567',
  };
}

describe('PSE payment', () => {
  const decide = (url: string, decision: string) =>
    fetch(`${url}/decision`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
    });

  it('answers a bank page; approving sells the seats and returns to the site', async () => {
    const held = await hold();
    const answer = await sandbox.call('epayco/pse/pay', { method: 'POST', token, body: psePayload(held) });
    expect(answer.status).toBe(200);
    const pse = PsePayAnswerSchema.parse(answer.body);
    expect(pse.payType).toBe(1);
    expect(pse.pse_url.startsWith(`${sandbox.origin}/sandbox/pse/`)).toBe(true);

    const bankPage = await fetch(pse.pse_url);
    const html = await bankPage.text();
    expect(html).toContain('Aprobar');
    expect(html).toContain('Rechazar');
    expect(await seatState(held)).toBe('O');

    const redirect = await decide(pse.pse_url, 'approve');
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(`${SITE_URL}/estado-transaccion/${pse.bill}`);
    const bill = BillAnswerSchema.parse((await sandbox.call(`epayco/pse/status/${pse.bill}`, { token })).body).data;
    expect(bill.pay_status).toEqual({ id: 1, name: 'Aceptada' });
    expect(bill.codes).toHaveLength(2);
    expect(await seatState(held)).toBe('V');
    expect((await sandbox.call(`epayco/card/status/${pse.bill}`, { token })).status).toBe(404);
  });

  it('rejecting frees the seats', async () => {
    const held = await hold();
    const pse = PsePayAnswerSchema.parse(
      (await sandbox.call('epayco/pse/pay', { method: 'POST', token, body: psePayload(held) })).body,
    );
    const redirect = await decide(pse.pse_url, 'reject');
    expect(redirect.status).toBe(303);
    const bill = BillAnswerSchema.parse((await sandbox.call(`bills/${pse.bill}`, { token })).body).data;
    expect(bill.pay_status).toEqual({ id: 2, name: 'Rechazada' });
    expect(await seatState(held)).toBe('S');
  });

  it('refuses bad payer data and an unknown bank page', async () => {
    const held = await hold();
    const answer = await sandbox.call('epayco/pse/pay', {
      method: 'POST',
      token,
      body: { ...psePayload(held), bank: '9999', email: 'x', doc_type: 'XX' },
    });
    expect(answer.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(answer.body).errors;
    expect(errors.doc_type).toBeDefined();
    expect((await sandbox.tool('pse/no-existe')).status).toBe(404);
  });
});

describe('purchases, bills and membership', () => {
  it("lists only the caller's purchases, newest first; another user gets 404 for them", async () => {
    const buyer = await registerUser(sandbox);
    const held = await holdSeats(sandbox, buyer.token, 1, 120);
    const paid = CardPayAnswerSchema.parse(
      (
        await payCard(
          cardPayload(held, await payToken(sandbox, buyer.token, held.secuencia), APPROVED_CARD),
          buyer.token,
        )
      ).body,
    );
    const list = BillsAnswerSchema.parse((await sandbox.call('profile/purchases', { token: buyer.token })).body).data;
    expect(list.map((bill) => bill.bill)).toEqual([paid.bill]);
    const detail = BillAnswerSchema.parse(
      (await sandbox.call(`profile/purchases/${paid.bill}`, { token: buyer.token })).body,
    ).data;
    expect(detail.codes).toHaveLength(1);
    expect((await sandbox.call(`profile/purchases/${detail.id}`, { token: buyer.token })).status).toBe(200);
    for (const path of [
      `profile/purchases/${paid.bill}`,
      `bills/${paid.bill}`,
      `bills/${paid.bill}/codes`,
      `pay-responses/${paid.bill}/status`,
      `epayco/card/status/${paid.bill}`,
    ]) {
      expect((await sandbox.call(path, { token })).status, path).toBe(404);
    }
    expect((await sandbox.call('epayco/bitcoin/status/VZ000001', { token })).status).toBe(404);
  });

  it('a membership purchase (pay type 3) makes the membership active for a year, and another renews it a year from its end', async () => {
    const buyer = await registerUser(sandbox);
    const secuencia = await consecutive(sandbox, buyer.token);
    const payload = {
      pay_type: 3,
      card_name: 'LAURA PEREZ',
      card_number: APPROVED_CARD,
      cvc: '123',
      exp_month: '12',
      exp_year: '2030',
      dues: 1,
      subtotal: 60000,
      total_service: 3000,
      total: 63000,
      device: 'web',
      score_consecutive: secuencia,
      score_payment_method: 7,
      theater_id: 1,
      showtime_id: null,
      seats: [],
      products: [],
      keyPay: 1,
      pay_token: await payToken(sandbox, buyer.token, secuencia),
    };
    const wrong = await payCard({ ...payload, total: 60000 }, buyer.token);
    expect(wrong.status).toBe(422);
    const answer = await payCard(payload, buyer.token);
    expect(answer.status).toBe(200);
    const status = MembershipStatusAnswerSchema.parse(
      (await sandbox.call('profile/membership-status', { token: buyer.token })).body,
    ).data[0];
    expect(status).toEqual({
      Estado: 'Usuario con tarjeta activa',
      CineFan: 'vigente',
      Vencimiento: '2027-03-10 10:00:00',
    });
    const bill = BillsAnswerSchema.parse((await sandbox.call('profile/purchases', { token: buyer.token })).body)
      .data[0];
    expect(bill?.showtime).toBeNull();
    expect(bill?.pay_type).toEqual({ id: 3, name: 'Membresía Club Vizionarios' });

    // Bought again while it runs: a year from its end (a calendar year: 2028 has a 29 February).
    const again = await consecutive(sandbox, buyer.token);
    const renewal = await payCard(
      { ...payload, score_consecutive: again, pay_token: await payToken(sandbox, buyer.token, again) },
      buyer.token,
    );
    expect(renewal.status).toBe(200);
    const renewed = MembershipStatusAnswerSchema.parse(
      (await sandbox.call('profile/membership-status', { token: buyer.token })).body,
    ).data[0];
    expect(renewed?.Vencimiento).toBe('2028-03-10 10:00:00');
  });
});
