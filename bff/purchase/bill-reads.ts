import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BillAnswerSchema, type Bill } from '../../shared/cinema-api/bills.ts';
import { BffError } from '../errors.ts';
import { upstreamPath } from '../plugins/upstream.ts';

/** The `:bill` of a bill's routes: the cinema API's bill numbers ('VZ000123'). */
export const BillParamsSchema = z.object({ bill: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });

/** One bill of the logged-in customer, as the cinema API gives it (404 when it is not theirs). */
export async function readBill(app: FastifyInstance, request: FastifyRequest, bill: string): Promise<Bill> {
  const answer = await app.upstream.call(request, {
    method: 'GET',
    path: upstreamPath`bills/${bill}`,
    schema: BillAnswerSchema,
    auth: true,
  });
  return answer.data;
}

/** A purchase that has no tickets (yet): not accepted, or a membership. */
export const ticketNotReady = (): BffError =>
  new BffError(409, 'TICKET_NOT_READY', 'Esta compra no tiene tickets disponibles.');
