import type { FastifyRequest } from 'fastify';
import type { Bill } from '#shared/cinema-api/bills.ts';
import type { PayMethod } from '#shared/cinema-api/payments.ts';
import { BffError } from '#bff/errors.ts';
import type { UpstreamClient } from '#bff/plugins/upstream.ts';

// Every read of one bill answers 404 when it is not the logged-in customer's. They need the
// cinema API only, and are given it.

/** One bill of the logged-in customer, as the cinema API gives it. */
export const readBill = async (upstream: UpstreamClient, request: FastifyRequest, bill: string): Promise<Bill> =>
  (await upstream.call(request, 'GET /bills/:bill', { params: { bill } })).data;

/** One purchase of "Mis compras" by its id. */
export const readPurchase = async (upstream: UpstreamClient, request: FastifyRequest, id: string): Promise<Bill> =>
  (await upstream.call(request, 'GET /profile/purchases/:id', { params: { id } })).data;

/** A bill as the payment provider's return page (`/estado-transaccion/{bill}`) asks for it. */
export const readTransaction = async (upstream: UpstreamClient, request: FastifyRequest, bill: string): Promise<Bill> =>
  (await upstream.call(request, 'GET /pay-responses/:bill/status', { params: { bill } })).data;

/** A bill's status asked of its pay method (`/pay-status/{type}/{bill}`). */
export const readPayStatus = async (
  upstream: UpstreamClient,
  request: FastifyRequest,
  method: PayMethod,
  bill: string,
): Promise<Bill> =>
  (await upstream.call(request, 'GET /epayco/:method/status/:bill', { params: { method, bill } })).data;

/** Every bill of the logged-in customer ("Mis compras"). */
export async function readPurchases(upstream: UpstreamClient, request: FastifyRequest): Promise<Bill[]> {
  const answer = await upstream.call(request, 'GET /profile/purchases');
  return answer.data;
}

/** A purchase that has no tickets (yet): not accepted, or a membership. */
export const ticketNotReady = (): BffError =>
  new BffError(409, 'TICKET_NOT_READY', 'Esta compra no tiene tickets disponibles.');
