import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BillAnswerSchema, BillsAnswerSchema, type Bill } from '#shared/cinema-api/bills.ts';
import type { PayMethod } from '#shared/cinema-api/payments.ts';
import { BffError } from '#bff/errors.ts';
import { upstreamPath } from '#bff/plugins/upstream.ts';

/** One bill of the logged-in customer at an upstream path (404 when it is not theirs). */
async function billAt(app: FastifyInstance, request: FastifyRequest, path: string): Promise<Bill> {
  const answer = await app.upstream.call(request, { method: 'GET', path, schema: BillAnswerSchema, auth: true });
  return answer.data;
}

/** One bill of the logged-in customer, as the cinema API gives it. */
export const readBill = (app: FastifyInstance, request: FastifyRequest, bill: string): Promise<Bill> =>
  billAt(app, request, upstreamPath`bills/${bill}`);

/** One purchase of "Mis compras" by its id. */
export const readPurchase = (app: FastifyInstance, request: FastifyRequest, id: string): Promise<Bill> =>
  billAt(app, request, upstreamPath`profile/purchases/${id}`);

/** A bill as the payment provider's return page (`/estado-transaccion/{bill}`) asks for it. */
export const readTransaction = (app: FastifyInstance, request: FastifyRequest, bill: string): Promise<Bill> =>
  billAt(app, request, upstreamPath`pay-responses/${bill}/status`);

/** A bill's status asked of its pay method (`/pay-status/{type}/{bill}`). */
export const readPayStatus = (
  app: FastifyInstance,
  request: FastifyRequest,
  method: PayMethod,
  bill: string,
): Promise<Bill> => billAt(app, request, upstreamPath`epayco/${method}/status/${bill}`);

/** Every bill of the logged-in customer ("Mis compras"). */
export async function readPurchases(app: FastifyInstance, request: FastifyRequest): Promise<Bill[]> {
  const answer = await app.upstream.call(request, {
    method: 'GET',
    path: 'profile/purchases',
    schema: BillsAnswerSchema,
    auth: true,
  });
  return answer.data;
}

/** A purchase that has no tickets (yet): not accepted, or a membership. */
export const ticketNotReady = (): BffError =>
  new BffError(409, 'TICKET_NOT_READY', 'Esta compra no tiene tickets disponibles.');
