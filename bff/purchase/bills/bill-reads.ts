import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bill } from '#shared/cinema-api/bills.ts';
import type { PayMethod } from '#shared/cinema-api/payments.ts';
import { BffError } from '#bff/errors.ts';

// Every read of one bill answers 404 when it is not the logged-in customer's.

/** One bill of the logged-in customer, as the cinema API gives it. */
export const readBill = async (app: FastifyInstance, request: FastifyRequest, bill: string): Promise<Bill> =>
  (await app.upstream.call(request, 'GET /bills/:bill', { params: { bill } })).data;

/** One purchase of "Mis compras" by its id. */
export const readPurchase = async (app: FastifyInstance, request: FastifyRequest, id: string): Promise<Bill> =>
  (await app.upstream.call(request, 'GET /profile/purchases/:id', { params: { id } })).data;

/** A bill as the payment provider's return page (`/estado-transaccion/{bill}`) asks for it. */
export const readTransaction = async (app: FastifyInstance, request: FastifyRequest, bill: string): Promise<Bill> =>
  (await app.upstream.call(request, 'GET /pay-responses/:bill/status', { params: { bill } })).data;

/** A bill's status asked of its pay method (`/pay-status/{type}/{bill}`). */
export const readPayStatus = async (
  app: FastifyInstance,
  request: FastifyRequest,
  method: PayMethod,
  bill: string,
): Promise<Bill> =>
  (await app.upstream.call(request, 'GET /epayco/:method/status/:bill', { params: { method, bill } })).data;

/** Every bill of the logged-in customer ("Mis compras"). */
export async function readPurchases(app: FastifyInstance, request: FastifyRequest): Promise<Bill[]> {
  const answer = await app.upstream.call(request, 'GET /profile/purchases');
  return answer.data;
}

/** A purchase that has no tickets (yet): not accepted, or a membership. */
export const ticketNotReady = (): BffError =>
  new BffError(409, 'TICKET_NOT_READY', 'Esta compra no tiene tickets disponibles.');
