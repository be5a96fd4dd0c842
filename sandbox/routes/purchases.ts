import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAY_METHODS } from '#shared/cinema-api/payments.ts';
import { notFound } from '../lib/api-error.ts';
import { requireUser } from '../lib/auth.ts';
import type { SandboxContext } from '../lib/context.ts';
import { sandboxBase } from '../lib/urls.ts';
import { billsOfUser, billView, ownedBill, type BillRow } from '../services/bills.ts';
import { createViews } from '../services/views.ts';

const BILL_NOT_FOUND = 'No se encontró la compra.';

/** Purchases, bill lookup, ticket codes and payment status: every read is owner-only. */
export function registerPurchaseRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const owned = (request: FastifyRequest, reference: string): BillRow => {
    const user = requireUser(ctx, request);
    const bill = ownedBill(ctx.db, reference, user.id);
    if (bill === undefined) throw notFound(BILL_NOT_FOUND);
    return bill;
  };
  const view = (request: FastifyRequest, bill: BillRow) =>
    billView(ctx, createViews(ctx, sandboxBase(ctx, request)), bill);

  api.get('/profile/purchases', async (request) => {
    const user = requireUser(ctx, request);
    const views = createViews(ctx, sandboxBase(ctx, request));
    return { data: billsOfUser(ctx.db, user.id).map((bill) => billView(ctx, views, bill)) };
  });

  api.get<{ Params: { id: string } }>('/profile/purchases/:id', async (request) => ({
    data: view(request, owned(request, request.params.id)),
  }));

  api.get<{ Params: { bill: string } }>('/bills/:bill', async (request) => ({
    data: view(request, owned(request, request.params.bill)),
  }));

  api.get<{ Params: { bill: string } }>('/bills/:bill/codes', async (request) => ({
    data: view(request, owned(request, request.params.bill)).codes,
  }));

  api.get<{ Params: { method: string; bill: string } }>('/epayco/:method/status/:bill', async (request) => {
    const bill = owned(request, request.params.bill);
    const method = PAY_METHODS.find((known) => known === request.params.method);
    if (method === undefined || method !== bill.pay_method) throw notFound(BILL_NOT_FOUND);
    return { data: view(request, bill) };
  });

  api.get<{ Params: { id: string } }>('/pay-responses/:id/status', async (request) => ({
    data: view(request, owned(request, request.params.id)),
  }));
}
