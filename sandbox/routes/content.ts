import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve } from './serve.ts';
import type { ContentPage, Setting } from '#shared/cinema-api/content.ts';
import { CONTENT_PAGES, CONTENT_TYPES, type ContentSeed } from '../db/seed/content-pages.ts';
import { BANKS } from '../db/seed/marketing.ts';
import { SETTINGS } from '../db/seed/settings.ts';
import { notFound } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { imageUrl, sandboxBase } from '../lib/urls.ts';

function pageView(ctx: SandboxContext, base: string, page: ContentSeed): ContentPage {
  return {
    id: page.id,
    slug: page.slug,
    title: page.title,
    subtitle: page.subtitle,
    content: page.content,
    image: page.image === null ? null : imageUrl(ctx, base, page.image),
  };
}

export function registerContentRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const base = (request: FastifyRequest) => sandboxBase(ctx, request);

  serve(api, ctx, 'GET /content-types/:type/contents', async ({ params }) => {
    const type = CONTENT_TYPES.find((known) => known === params.type);
    if (type === undefined) throw notFound('No se encontró el tipo de contenido.');
    return {
      data: CONTENT_PAGES.filter((page) => page.type === type).map((page) => ({
        id: page.id,
        title: page.title,
        slug: page.slug,
      })),
    };
  });

  serve(api, ctx, 'GET /contents/slug/:slug', async ({ request, params }) => {
    const page = CONTENT_PAGES.find((candidate) => candidate.slug === params.slug);
    if (page === undefined) throw notFound('No se encontró el contenido.');
    return { data: pageView(ctx, base(request), page) };
  });

  serve(api, ctx, 'GET /contents/:id', async ({ request, params }) => {
    const page = CONTENT_PAGES.find((candidate) => String(candidate.id) === params.id);
    if (page === undefined) throw notFound('No se encontró el contenido.');
    return { data: pageView(ctx, base(request), page) };
  });

  serve(api, ctx, 'GET /settings', async ({ request }) => {
    const settings: Setting[] = SETTINGS.map((setting) => ({
      key: setting.key,
      value: setting.valueIsImage ? imageUrl(ctx, base(request), setting.value) : setting.value,
      complement: setting.complement,
      extra: setting.extra,
    }));
    return { data: settings };
  });

  serve(api, ctx, 'GET /epayco/banks', async () => ({ data: BANKS }));
}
