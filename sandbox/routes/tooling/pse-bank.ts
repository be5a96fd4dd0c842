import type { FastifyInstance } from 'fastify';
import { PAY_STATUS_PENDING, PAY_TYPE_MEMBERSHIP } from '#shared/cinema-api/payments.ts';
import { inTransaction } from '../../db/database.ts';
import { BANKS } from '../../db/seed/marketing.ts';
import type { SandboxContext } from '../../lib/context.ts';
import { siteLink } from '../../lib/urls.ts';
import {
  acceptBill,
  billByPseRef,
  liveHoldsOfBill,
  payStatusOf,
  rejectBill,
  type BillRow,
} from '../../services/bills.ts';
import { escapeHtml, page } from './html.ts';

function pesos(value: number): string {
  return `$ ${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

function bankName(bill: BillRow): string {
  const payer: Record<string, string> = JSON.parse(bill.payer_json ?? '{}');
  return BANKS.find((bank) => bank.bankCode === payer.bank)?.bankName ?? 'Banco';
}

/** Approving works only while the bill is pending, unexpired and its seats still held. */
function decide(ctx: SandboxContext, bill: BillRow, approve: boolean): void {
  inTransaction(ctx.db, () => {
    if (bill.pay_status !== PAY_STATUS_PENDING) return;
    const expired = bill.pse_expires_at !== null && ctx.clock.nowMs() > bill.pse_expires_at;
    const seats: string[] = JSON.parse(bill.seats_json);
    const seatsHeld = bill.pay_type === PAY_TYPE_MEMBERSHIP || liveHoldsOfBill(ctx, bill) === seats.length;
    if (approve && !expired && seatsHeld) acceptBill(ctx, bill);
    else rejectBill(ctx, bill);
  });
}

export function registerPseBankRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { ref: string } }>('/pse/:ref', async (request, reply) => {
    const bill = billByPseRef(ctx.db, request.params.ref);
    reply.type('text/html; charset=utf-8');
    if (bill === undefined) {
      return reply
        .code(404)
        .send(
          page('Transacción no encontrada', '<h1>Transacción no encontrada</h1><p>El enlace de pago no es válido.</p>'),
        );
    }
    const summary = `<p><strong>Comercio:</strong> Viziona Cinemas</p>
<p><strong>Referencia:</strong> ${escapeHtml(bill.bill)}</p>
<p><strong>Valor a pagar:</strong> ${pesos(bill.total)}</p>`;
    const returnLink = siteLink(ctx, `/estado-transaccion/${bill.bill}`);
    const body =
      bill.pay_status === PAY_STATUS_PENDING
        ? `<form method="post" action="/sandbox/pse/${encodeURIComponent(request.params.ref)}/decision">
<p>Simulación de pago PSE: elige el resultado de la transacción.</p>
<button class="approve" type="submit" name="decision" value="approve">Aprobar</button>
<button class="reject" type="submit" name="decision" value="reject">Rechazar</button>
</form>`
        : `<p>Estado de la transacción: <strong>${escapeHtml(payStatusOf(bill.pay_status).name)}</strong></p>
<p><a href="${escapeHtml(returnLink)}">Volver al comercio</a></p>`;
    return page(
      `${bankName(bill)} – Pago PSE`,
      `<h1>${escapeHtml(bankName(bill))}</h1><div class="card">${summary}${body}</div>`,
    );
  });

  app.post<{ Params: { ref: string }; Body: { decision?: string } | undefined }>(
    '/pse/:ref/decision',
    async (request, reply) => {
      const bill = billByPseRef(ctx.db, request.params.ref);
      if (bill === undefined) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('Transacción no encontrada', '<h1>Transacción no encontrada</h1>'));
      }
      const decision = request.body?.decision;
      if (decision !== 'approve' && decision !== 'reject') {
        return reply.code(422).send({
          message: 'La decisión debe ser approve o reject.',
          errors: { decision: ['La decisión debe ser approve o reject.'] },
        });
      }
      decide(ctx, bill, decision === 'approve');
      return reply.redirect(siteLink(ctx, `/estado-transaccion/${bill.bill}`), 303);
    },
  );
}
