import type { CinemaAnswerOf, CinemaCallName, CinemaRequestOf } from './call.ts';
import { accountCalls } from './calls/accounts.ts';
import { bookingCalls } from './calls/booking.ts';
import { catalogueCalls } from './calls/catalogue.ts';
import { contentCalls } from './calls/content.ts';
import { formCalls } from './calls/forms.ts';
import { paymentCalls } from './calls/payments.ts';

/**
 * Every call of the cinema API, by name (`'GET /movies/:slug'`): the spec's two call tables
 * and the calls we designed where it says "not shown" (README.md). The BFF calls by these
 * names (bff/plugins/upstream.ts), the sandbox serves its `/api/v1` routes from them
 * (sandbox/routes/serve.ts), and `npm run check:upstream` holds any API against them.
 */
export const cinemaApi = {
  ...accountCalls,
  ...contentCalls,
  ...formCalls,
  ...catalogueCalls,
  ...bookingCalls,
  ...paymentCalls,
};

export type CinemaApi = typeof cinemaApi;
export type CinemaName = keyof CinemaApi & CinemaCallName;
/** The calls with a JSON body or none (every call but the multipart forms). */
export type JsonCallName = { [N in CinemaName]: CinemaApi[N] extends { body: 'multipart' } ? never : N }[CinemaName];
export type MultipartCallName = Exclude<CinemaName, JsonCallName>;

/** What a call of `name` passes (params, query, body), or `undefined` when it takes nothing. */
export type CinemaRequest<N extends CinemaName> = CinemaRequestOf<CinemaApi[N]>;
/** What the call answers on success. */
export type CinemaAnswer<N extends CinemaName> = CinemaAnswerOf<CinemaApi[N]>;

/** Every name, in the table's order. */
export const cinemaNames = Object.keys(cinemaApi) as CinemaName[];
