import { accountEndpoints } from './accounts.ts';
import { billEndpoints } from './bills.ts';
import { bookingEndpoints } from './booking.ts';
import { captchaEndpoints } from './captcha.ts';
import { alertsEndpoints } from './alerts.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { contentEndpoints } from './content.ts';
import { formsEndpoints } from './forms.ts';
import { membershipEndpoints } from './membership.ts';
import { operationsEndpoints } from './operations.ts';
import { paymentEndpoints } from './payments.ts';
import { profileEndpoints } from './profile.ts';
import { searchEndpoints } from './search.ts';
import { waitingRoomEndpoints } from './waiting-room.ts';
import { walletEndpoints } from './wallet.ts';
import type { AnswerOf, EndpointName, RequestOf } from './endpoint.ts';

/**
 * Every BFF endpoint, by name (`'GET /booking/:showtimeId'`). The BFF registers its routes
 * from these entries (bff/routes/), the site calls them by name (site/lib/bff-server.ts,
 * site/lib/bff-browser.ts). The browser imports only the type: the schemas stay out of its
 * bundles.
 */
export const contract = {
  ...catalogueEndpoints,
  ...contentEndpoints,
  ...formsEndpoints,
  ...captchaEndpoints,
  ...operationsEndpoints,
  ...accountEndpoints,
  ...profileEndpoints,
  ...waitingRoomEndpoints,
  ...bookingEndpoints,
  ...paymentEndpoints,
  ...membershipEndpoints,
  ...billEndpoints,
  ...walletEndpoints,
  ...searchEndpoints,
  ...alertsEndpoints,
};

export type Contract = typeof contract;
export type ContractName = keyof Contract & EndpointName;

/** What a call of the endpoint passes (params, query, body), or `undefined` when it has none. */
export type RequestFor<N extends ContractName> = RequestOf<Contract[N], N>;
/** The JSON the endpoint answers on success. */
export type AnswerFor<N extends ContractName> = AnswerOf<Contract[N]>;
/** The arguments after the name: the request, optional when the endpoint takes nothing. */
export type RequestArgs<N extends ContractName, Options = object> =
  undefined extends RequestFor<N> ? [request?: Options] : [request: NonNullable<RequestFor<N>> & Options];
export type GetName = Extract<ContractName, `GET ${string}`>;
