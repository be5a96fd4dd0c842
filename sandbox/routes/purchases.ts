import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAY_METHODS } from '#shared/cinema-api/payments.ts';
import { notFound } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { sandboxBase } from '../lib/urls.ts';
import { billsOfUser, billView, ownedBill, type BillRow } from '../services/bills.ts';
import type { UserRow } from '../services/users.ts';
import { createViews } from '../services/views.ts';
import { serve } from './serve.ts';

const BILL_NOT_FOUND = 'No se encontró la compra.';

/** Purchases, bill lookup, ticket codes and payment status: every read is owner-only. */
export function registerPurchaseRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const owned = (user: UserRow, reference: string): BillRow => {
    const bill = ownedBill(ctx.db, reference, user.id);
    if (bill === undefined) throw notFound(BILL_NOT_FOUND);
    return bill;
  };
  const view = (request: FastifyRequest, bill: BillRow) =>
    billView(ctx, createViews(ctx, sandboxBase(ctx, request)), bill);

  serve(api, ctx, 'GET /profile/purchases', async ({ request, user }) => {
    const views = createViews(ctx, sandboxBase(ctx, request));
    return { data: billsOfUser(ctx.db, user.id).map((bill) => billView(ctx, views, bill)) };
  });

  serve(api, ctx, 'GET /profile/purchases/:id', async ({ request, user, params }) => ({
    data: view(request, owned(user, params.id)),
  }));

  serve(api, ctx, 'GET /bills/:bill', async ({ request, user, params }) => ({
    data: view(request, owned(user, params.bill)),
  }));

  serve(api, ctx, 'GET /bills/:bill/codes', async ({ request, user, params }) => ({
    data: view(request, owned(user, params.bill)).codes,
  }));

  serve(api, ctx, 'GET /epayco/:method/status/:bill', async ({ request, user, params }) => {
    const bill = owned(user, params.bill);
    const method = PAY_METHODS.find((known) => known === params.method);
    if (method === undefined || method !== bill.pay_method) throw notFound(BILL_NOT_FOUND);
    return { data: view(request, bill) };
  });

  serve(api, ctx, 'GET /pay-responses/:bill/status', async ({ request, user, params }) => ({
    data: view(request, owned(user, params.bill)),
  }));
}
