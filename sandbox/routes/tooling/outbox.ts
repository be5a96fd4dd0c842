import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../lib/context.ts';
import { listOutbox } from '../../services/outbox.ts';
import { escapeHtml, page } from './html.ts';

export function registerOutboxRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: { to?: string } }>('/outbox.json', async (request) => ({
    data: listOutbox(ctx.db, request.query.to),
  }));

  app.get<{ Querystring: { to?: string } }>('/outbox', async (request, reply) => {
    const messages = listOutbox(ctx.db, request.query.to);
    const rows = messages
      .map((message) => {
        const link =
          message.link === null ? '' : `<a href="${escapeHtml(message.link)}">${escapeHtml(message.link)}</a>`;
        const code =
          message.code === null || message.kind !== 'verification-code'
            ? ''
            : `<code>${escapeHtml(message.code)}</code>`;
        return `<tr><td>${escapeHtml(message.created_at)}</td><td>${escapeHtml(message.to)}</td><td>${escapeHtml(message.subject)}</td><td>${code}${link}</td></tr>`;
      })
      .join('\n');
    const body =
      messages.length === 0
        ? '<p>No hay correos en la bandeja de salida.</p>'
        : `<table><thead><tr><th>Fecha</th><th>Para</th><th>Asunto</th><th>Código o enlace</th></tr></thead><tbody>${rows}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Bandeja de salida del sandbox', `<h1>Bandeja de salida</h1>${body}`));
  });
}
