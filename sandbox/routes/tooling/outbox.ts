import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../../lib/context.ts';
import { listOutbox, outboxEntry, type OutboxEntry } from '../../services/outbox.ts';
import { escapeHtml, page } from './html.ts';

const messagePath = (entry: OutboxEntry): string => `/sandbox/outbox/${entry.id}`;

function linkTo(href: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
}

/** What a row shows a person: the code to type, the link to follow, and the whole message when there is more. */
function rowAction(entry: OutboxEntry): string {
  const parts: string[] = [];
  if (entry.kind === 'verification-code' && entry.code !== null) parts.push(`<code>${escapeHtml(entry.code)}</code>`);
  if (entry.link !== null) parts.push(linkTo(entry.link));
  if (entry.kind === 'relayed') parts.push(`<a href="${messagePath(entry)}">Ver el correo</a>`);
  return parts.join('<br>');
}

function messagePage(entry: OutboxEntry): string {
  const facts = [
    ['De', entry.from ?? 'Viziona (sandbox)'],
    ['Para', entry.to],
    ['Fecha', entry.created_at],
    ['Asunto', entry.subject],
  ]
    .map(([label, value]) => `<tr><th scope="row">${label}</th><td>${escapeHtml(value ?? '')}</td></tr>`)
    .join('');
  // The HTML part as the person's mail program shows it, in a frame that runs no script.
  const html =
    entry.html === null
      ? ''
      : `<h2>Como se ve</h2><iframe title="El correo como se ve" sandbox srcdoc="${escapeHtml(entry.html)}" style="width:100%;height:32rem;border:1px solid #ccc;border-radius:.5rem"></iframe>`;
  return page(
    `${entry.subject} · Bandeja de salida del sandbox`,
    `<p><a href="/sandbox/outbox">← Bandeja de salida</a></p><h1>${escapeHtml(entry.subject)}</h1><table>${facts}</table>${html}<h2>Texto</h2><pre style="white-space:pre-wrap">${escapeHtml(entry.body)}</pre>`,
  );
}

export function registerOutboxRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: { to?: string } }>('/outbox.json', async (request) => ({
    data: listOutbox(ctx.db, request.query.to),
  }));

  app.get<{ Params: { id: string } }>('/outbox/:id', async (request, reply) => {
    const entry = /^\d{1,12}$/.test(request.params.id) ? outboxEntry(ctx.db, Number(request.params.id)) : undefined;
    if (entry === undefined) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Correo no encontrado',
            '<h1>Ese correo no está en la bandeja de salida</h1><p><a href="/sandbox/outbox">Volver a la bandeja</a></p>',
          ),
        );
    }
    return reply.type('text/html; charset=utf-8').send(messagePage(entry));
  });

  app.get<{ Querystring: { to?: string } }>('/outbox', async (request, reply) => {
    const messages = listOutbox(ctx.db, request.query.to);
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.created_at)}</td><td>${escapeHtml(message.to)}</td><td>${escapeHtml(message.subject)}</td><td>${rowAction(message)}</td></tr>`,
      )
      .join('\n');
    const body =
      messages.length === 0
        ? '<p>No hay correos en la bandeja de salida.</p>'
        : `<table><thead><tr><th>Fecha</th><th>Para</th><th>Asunto</th><th>Código o enlace</th></tr></thead><tbody>${rows}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Bandeja de salida del sandbox',
          `<h1>Bandeja de salida</h1><p>Todos los correos que envió el producto: códigos de verificación, enlaces para restablecer la contraseña y los avisos de «Avísame». Recargue la página para ver los nuevos.</p>${body}`,
        ),
      );
  });
}
