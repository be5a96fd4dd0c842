import type { FastifyInstance } from 'fastify';
import type { ImageKind, ImageSpec } from '../../catalogue/images.ts';
import { isPhoto } from '../../catalogue/photos.ts';
import { notFound } from '../../lib/api-error.ts';
import type { SandboxContext } from '../../lib/context.ts';
import { sha256 } from '../../lib/secrets.ts';
import { escapeHtml } from './html.ts';

const SIZES: Record<ImageKind, [number, number]> = {
  poster: [400, 600],
  banner: [1600, 600],
  room: [1200, 675],
  square: [400, 400],
  gallery: [800, 600],
  brand: [240, 80],
  content: [1200, 600],
  popup: [600, 800],
};

/** A generated picture: a gradient seeded by the name, the title and a subtitle. */
export function renderSvg(name: string, spec: ImageSpec): string {
  const [width, height] = SIZES[spec.kind];
  const hue = Number.parseInt(sha256(name).slice(0, 4), 16) % 360;
  const titleSize = Math.round(Math.min(width, height) / (spec.kind === 'brand' ? 4 : 10));
  const title = escapeHtml(spec.title);
  const subtitle = escapeHtml(spec.subtitle);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue} 65% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 18%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="50%" y="${spec.subtitle === '' ? 55 : 48}%" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${titleSize}" fill="#fff">${title}</text>
${spec.subtitle === '' ? '' : `<text x="50%" y="60%" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#f3f3f3">${subtitle}</text>`}
</svg>`;
}

export function registerImageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const match = /^(.+)\.(svg|jpg)$/.exec(request.params.file);
    const name = match?.[1];
    const spec = name === undefined ? undefined : ctx.catalogue.images.get(name);
    if (name === undefined || spec === undefined) throw notFound('No se encontró la imagen.');
    reply.header('cache-control', 'public, max-age=86400');
    if (match?.[2] === 'svg') return reply.type('image/svg+xml; charset=utf-8').send(renderSvg(name, spec));
    if (!isPhoto(spec)) throw notFound('No se encontró la imagen.');
    return reply.type('image/jpeg').send(await ctx.photos.get(name, spec));
  });
}
