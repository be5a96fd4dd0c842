import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/api-error.ts';
import type { SandboxContext } from '../../lib/context.ts';
import { idParam } from '../../lib/params.ts';
import { attachmentBytes, listSubmissions } from '../../services/submissions.ts';

export function registerSubmissionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/submissions', async () => ({ data: listSubmissions(ctx.db) }));

  app.get<{ Params: { id: string; attachment: string } }>(
    '/submissions/:id/attachments/:attachment',
    async (request, reply) => {
      const submission = idParam(request.params.id);
      const attachment = idParam(request.params.attachment);
      const found =
        submission === undefined || attachment === undefined
          ? undefined
          : attachmentBytes(ctx.db, submission, attachment);
      if (found === undefined) throw notFound('No se encontró el adjunto.');
      return reply
        .type(found.content_type)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(found.name)}"`)
        .send(Buffer.from(found.bytes));
    },
  );
}
