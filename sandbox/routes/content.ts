import type { FastifyInstance, FastifyRequest } from 'fastify';
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

  api.get<{ Params: { type: string } }>('/content-types/:type/contents', async (request) => {
    const type = CONTENT_TYPES.find((known) => known === request.params.type);
    if (type === undefined) throw notFound('No se encontró el tipo de contenido.');
    return {
      data: CONTENT_PAGES.filter((page) => page.type === type).map((page) => ({
        id: page.id,
        title: page.title,
        slug: page.slug,
      })),
    };
  });

  api.get<{ Params: { slug: string } }>('/contents/slug/:slug', async (request) => {
    const page = CONTENT_PAGES.find((candidate) => candidate.slug === request.params.slug);
    if (page === undefined) throw notFound('No se encontró el contenido.');
    return { data: pageView(ctx, base(request), page) };
  });

  api.get<{ Params: { id: string } }>('/contents/:id', async (request) => {
    const page = CONTENT_PAGES.find((candidate) => String(candidate.id) === request.params.id);
    if (page === undefined) throw notFound('No se encontró el contenido.');
    return { data: pageView(ctx, base(request), page) };
  });

  api.get('/settings', async (request) => {
    const settings: Setting[] = SETTINGS.map((setting) => ({
      key: setting.key,
      value: setting.valueIsImage ? imageUrl(ctx, base(request), setting.value) : setting.value,
      complement: setting.complement,
      extra: setting.extra,
    }));
    return { data: settings };
  });

  api.get('/epayco/banks', async () => ({ data: BANKS }));
}
