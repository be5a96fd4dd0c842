import { randomUUID } from 'node:crypto';
import type { CinemaAnswer, CinemaName, CinemaRequest, JsonCallName } from '#shared/cinema-api/api.ts';
import type { BookingData, LayoutPosition, RoomStatusRow } from '#shared/cinema-api/booking.ts';
import type { Showtime } from '#shared/cinema-api/catalogue.ts';
import { FREQUENT_CLIENT_DISABLED } from '#shared/cinema-api/booking.ts';
import { FOOTER_CONTENT_TYPES } from '#shared/cinema-api/content.ts';
import { parseSettings } from '#shared/cinema-api/settings.ts';
import { SEAT_TYPE_NORMAL } from '#shared/cinema-api/seat-types.ts';
import { PAY_TYPE_TICKETS, THEATER_ID } from '#shared/booking/constants.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';
import { DEVICE } from '#shared/validation/options.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { CinemaTransport } from '#bff/plugins/upstream-transport.ts';
import { checkAnswer } from './answer-check.ts';

/**
 * The conformance check of a cinema API (`npm run check:upstream`): every read of the
 * catalogue, content and settings; with an account, a log-in, the profile, the membership,
 * the purchases and every read of the newest bill, then the log-out; with a test card too, a
 * reservation, a card payment, its status and the cancellation of the hold. Each call is asked
 * through the BFF's own transport (the same headers, secrets and timeouts) and held against
 * its declaration; ids come from earlier answers, so a call whose input is missing is skipped
 * and says why.
 */

export type Outcome = 'ok' | 'FAIL' | 'skip';

export interface CallLine {
  outcome: Outcome;
  name: CinemaName;
  /** The HTTP status, when the API answered. */
  status: number | null;
  /** ok: what was asked (never a secret); FAIL: the difference; skip: why. */
  detail: string;
}

export interface TestCard {
  number: string;
  cvc: string;
  /** 'MM'. */
  expMonth: string;
  /** 'YYYY'. */
  expYear: string;
}

export interface CheckOptions {
  account?: { email: string; password: string };
  /** A reservation and a card payment with this card (needs `account`). */
  card?: TestCard;
  /** How far ahead a showtime must start to be reserved. */
  minutesAhead?: number;
  now?: () => number;
}

export interface CheckSummary {
  ok: number;
  failed: number;
  skipped: number;
}

type Parts<N extends JsonCallName> = NonNullable<CinemaRequest<N>> | undefined;

const PURCHASE_MINUTES_AHEAD = 60;

export async function runConformance(
  transport: CinemaTransport,
  options: CheckOptions,
  report: (line: CallLine) => void,
): Promise<CheckSummary> {
  const summary: CheckSummary = { ok: 0, failed: 0, skipped: 0 };
  const now = options.now ?? Date.now;
  const line = (entry: CallLine) => {
    if (entry.outcome === 'ok') summary.ok += 1;
    else if (entry.outcome === 'FAIL') summary.failed += 1;
    else summary.skipped += 1;
    report(entry);
  };
  const skip = (name: CinemaName, why: string) => line({ outcome: 'skip', name, status: null, detail: why });

  /** Asks one call and holds its answer against the declaration; null when it does not conform. */
  async function ask<N extends JsonCallName>(
    name: N,
    parts: Parts<N>,
    subject: string,
    token?: string,
  ): Promise<CinemaAnswer<N> | null> {
    const request = (parts ?? {}) as { params?: object; query?: object; body?: unknown };
    let raw;
    try {
      raw = await transport.send(name, {
        params: request.params as Record<string, unknown> | undefined,
        query: request.query as Record<string, unknown> | undefined,
        body: request.body,
        token,
        requestId: `check-upstream-${randomUUID()}`,
      });
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'network error';
      line({ outcome: 'FAIL', name, status: null, detail: `no answer (${code})` });
      return null;
    }
    const verdict = checkAnswer(name, raw.status, raw.text);
    if (!verdict.ok) {
      line({ outcome: 'FAIL', name, status: verdict.status, detail: verdict.difference });
      return null;
    }
    line({ outcome: 'ok', name, status: verdict.status, detail: subject });
    return verdict.answer;
  }

  // -- Content and settings --------------------------------------------------------------
  const settings = await ask('GET /settings', undefined, 'settings');
  for (const type of FOOTER_CONTENT_TYPES) {
    const items = await ask('GET /content-types/:type/contents', { params: { type } }, type);
    const first = items?.data[0];
    if (type !== FOOTER_CONTENT_TYPES[0]) continue;
    if (!first) {
      skip('GET /contents/:id', `no content page in ${type}`);
      skip('GET /contents/slug/:slug', `no content page in ${type}`);
      continue;
    }
    await ask('GET /contents/:id', { params: { id: first.id } }, `content ${first.id}`);
    await ask('GET /contents/slug/:slug', { params: { slug: first.slug } }, first.slug);
  }
  await ask('GET /banners/web', undefined, 'banners');
  await ask('GET /galleries', undefined, 'gallery');
  await ask('GET /epayco/banks', undefined, 'PSE banks');
  const brands = await ask('GET /pay-brands', undefined, 'payment brands');

  // -- Catalogue ---------------------------------------------------------------------------
  const theater = HOME_THEATER;
  const dates = await ask('GET /dates/:theater', { params: { theater } }, theater);
  const firstDate = dates?.data.dates[0]?.function_date;
  if (firstDate) {
    await ask('GET /movies/theater/:theater/showtimes', { params: { theater }, query: { date: firstDate } }, firstDate);
  } else skip('GET /movies/theater/:theater/showtimes', 'no date listed');
  const showing = await ask('GET /movies/theater/:theater', { params: { theater } }, 'now showing');
  await ask('GET /movies/releases', undefined, 'releases');
  const movie = showing?.data[0];
  if (movie) {
    await ask('GET /movies/:slug', { params: { slug: movie.slug } }, movie.slug);
    await ask('GET /movies/theater/:theater/:slug/showtimes', { params: { theater, slug: movie.slug } }, movie.slug);
  } else {
    skip('GET /movies/:slug', 'no movie showing');
    skip('GET /movies/theater/:theater/:slug/showtimes', 'no movie showing');
  }
  const rooms = await ask('GET /room-details', undefined, 'rooms');
  const room = rooms?.data[0];
  if (room) {
    await ask('GET /room-details/:slug', { params: { slug: room.slug } }, room.slug);
    await ask('GET /room-details/:theater/:slug/showtimes', { params: { theater, slug: room.slug } }, room.slug);
  } else {
    skip('GET /room-details/:slug', 'no room listed');
    skip('GET /room-details/:theater/:slug/showtimes', 'no room listed');
  }
  await ask('GET /confectioneries/2', undefined, 'confectionery page');
  await ask('GET /confectioneries/score/:theater', { params: { theater } }, 'snacks');
  await ask('GET /confectioneries', undefined, 'snack images');

  const showtimes = (showing?.data ?? []).flatMap((each) => each.showtimes);
  const startsAfter = (minutes: number) => (showtime: Showtime) =>
    showtime.seats > 0 &&
    bogotaInstant(showtime.function_date, showtime.function_hour).getTime() > now() + minutes * 60_000;
  const sample = showtimes.find(startsAfter(0)) ?? showtimes[0];
  if (sample) {
    await ask('GET /room/:showtimeId', { params: { showtimeId: sample.id } }, `showtime ${sample.id}`);
    await ask('GET /room/:showtimeId/status', { params: { showtimeId: sample.id } }, `showtime ${sample.id}`);
  } else {
    skip('GET /room/:showtimeId', 'no showtime listed');
    skip('GET /room/:showtimeId/status', 'no showtime listed');
  }

  // -- Account ------------------------------------------------------------------------------
  if (!options.account) return summary;
  const session = await ask('POST /login', { body: options.account }, 'log-in');
  const token = session?.token;
  const accountCalls: CinemaName[] = [
    'GET /profile',
    'GET /profile/membership-status',
    'GET /profile/purchases',
    'GET /profile/purchases/:id',
    'GET /bills/:bill',
    'GET /bills/:bill/codes',
    'GET /pay-responses/:bill/status',
    'GET /epayco/:method/status/:bill',
    'GET /profile/logout',
  ];
  if (!token) {
    accountCalls.forEach((name) => skip(name, 'no session: the log-in failed'));
    return summary;
  }
  await ask('GET /profile', undefined, 'profile', token);
  await ask('GET /profile/membership-status', undefined, 'membership', token);

  // -- Purchase ---------------------------------------------------------------------------
  if (options.card) {
    await purchase(options.card, token);
  }

  const bills = await ask('GET /profile/purchases', undefined, 'purchases', token);
  const newest = bills?.data[0];
  if (newest) {
    const bill = newest.bill;
    await ask('GET /profile/purchases/:id', { params: { id: bill } }, bill, token);
    await ask('GET /bills/:bill', { params: { bill } }, bill, token);
    await ask('GET /bills/:bill/codes', { params: { bill } }, bill, token);
    await ask('GET /pay-responses/:bill/status', { params: { bill } }, bill, token);
    await ask('GET /epayco/:method/status/:bill', { params: { method: newest.pay_method, bill } }, bill, token);
  } else {
    for (const name of accountCalls.slice(3, 8)) skip(name, 'the account has no purchase');
  }
  await ask('GET /profile/logout', undefined, 'log-out', token);
  return summary;

  async function purchase(card: TestCard, bearer: string): Promise<void> {
    const steps: CinemaName[] = [
      'GET /score/consecutive/:theaterId',
      'POST /reserve/:showtimeId',
      'POST /pay-token',
      'POST /epayco/card/pay',
      'GET /epayco/:method/status/:bill',
      'POST /reserve/cancel/:showtimeId',
    ];
    const target = showtimes.find(startsAfter(options.minutesAhead ?? PURCHASE_MINUTES_AHEAD));
    const fee = settings ? parseSettings(settings.data).ticket_servicio : null;
    const brand = brands?.data.data[0];
    const missing = !target
      ? `no showtime starts in more than ${options.minutesAhead ?? PURCHASE_MINUTES_AHEAD} minutes with free seats`
      : fee === null
        ? 'no settings (the service fee)'
        : !brand
          ? 'no payment brand'
          : null;
    if (missing || !target || fee === null || !brand) {
      steps.forEach((name) => skip(name, missing ?? ''));
      return;
    }
    const consecutive = (
      await ask('GET /score/consecutive/:theaterId', { params: { theaterId: THEATER_ID } }, 'consecutive', bearer)
    )?.data.Secuencia;
    const data = await ask('GET /room/:showtimeId', { params: { showtimeId: target.id } }, `showtime ${target.id}`);
    const status = await ask(
      'GET /room/:showtimeId/status',
      { params: { showtimeId: target.id } },
      `showtime ${target.id}`,
    );
    const seat = data && status ? freeSeat(data.data, status.data) : null;
    if (consecutive === undefined || !data || !seat) {
      const why = consecutive === undefined ? 'no consecutive' : !seat && data ? 'no free seat for sale' : 'no room';
      steps.slice(1).forEach((name) => skip(name, why));
      return;
    }
    const seats = [seat.selected];
    const held = await ask(
      'POST /reserve/:showtimeId',
      { params: { showtimeId: target.id }, body: { score_consecutive: consecutive, seats, device: DEVICE } },
      `showtime ${target.id}, seat ${seat.label}`,
      bearer,
    );
    if (held) {
      const payToken = await ask('POST /pay-token', { body: { score_consecutive: consecutive } }, 'pay token', bearer);
      const paid = payToken
        ? await ask(
            'POST /epayco/card/pay',
            {
              body: {
                pay_type: PAY_TYPE_TICKETS,
                subtotal: seat.price,
                total_service: fee,
                total: seat.price + fee,
                device: DEVICE,
                score_consecutive: consecutive,
                score_payment_method: data.data.payment_method.score_payment_method,
                theater_id: THEATER_ID,
                showtime_id: target.id,
                seats,
                products: [],
                products_detail: '',
                products_description: 'Prueba de conformidad (check:upstream)',
                keyPay: brand.id,
                card_name: 'PRUEBA CONFORMIDAD',
                card_number: card.number,
                cvc: card.cvc,
                exp_month: card.expMonth,
                exp_year: card.expYear,
                dues: 1,
                pay_token: payToken.token,
              },
            },
            'card payment',
            bearer,
          )
        : null;
      if (!payToken) skip('POST /epayco/card/pay', 'no pay token');
      if (paid) {
        await ask(
          'GET /epayco/:method/status/:bill',
          { params: { method: 'card', bill: paid.bill } },
          `${paid.bill}: ${paid.pay_status.name}`,
          bearer,
        );
      } else skip('GET /epayco/:method/status/:bill', 'no bill');
    } else {
      steps.slice(2, 5).forEach((name) => skip(name, 'no hold'));
    }
    // Always: a hold the payment did not spend goes back on sale now.
    await ask(
      'POST /reserve/cancel/:showtimeId',
      { params: { showtimeId: target.id }, body: { score_consecutive: consecutive, device: DEVICE } },
      `showtime ${target.id}`,
      bearer,
    );
  }
}

/** A free ordinary seat and its ordinary price, in the row farthest from the screen. */
function freeSeat(
  data: BookingData,
  status: RoomStatusRow[],
): {
  selected: { Fila: number; Columna: number; FilRelativa: string; ColRelativa: number; Tarifa: string };
  label: string;
  price: number;
} | null {
  const free = new Set(
    status.flatMap((row) =>
      row.DescripcionSilla.filter((cell) => cell.EstadoSilla === 'S').map((cell) => `${row.filTot}:${cell.Columna}`),
    ),
  );
  const priceOf = (position: LayoutPosition) =>
    data.prices.find(
      (zone) => zone.zona === position.TipoZona && zone.ClienteFrecuente === FREQUENT_CLIENT_DISABLED && zone.valor > 1,
    );
  const candidates = data.layout
    .filter(
      (position) =>
        position.TipoSilla === SEAT_TYPE_NORMAL &&
        position.ColumnaRelativa > 0 &&
        free.has(`${position.FilaTotal}:${position.ColumnaTotal}`) &&
        priceOf(position) !== undefined,
    )
    .sort((a, b) => b.FilaTotal - a.FilaTotal);
  const position = candidates[0];
  const zone = position ? priceOf(position) : undefined;
  if (!position || !zone) return null;
  return {
    selected: {
      Fila: position.FilaTotal,
      Columna: position.ColumnaTotal,
      FilRelativa: position.FilaRelativa,
      ColRelativa: position.ColumnaRelativa,
      Tarifa: zone.codigo,
    },
    label: `${position.FilaRelativa}-${position.ColumnaRelativa}`,
    price: zone.valor,
  };
}
