import type { APIRoute } from 'astro';
import { serverEnv } from '../lib/server-env.ts';

/** Crawlers may read the catalogue; personal and purchase pages stay out. */
export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /bff/',
    'Disallow: /fragmentos/',
    'Disallow: /mi-perfil',
    'Disallow: /mis-tickets',
    'Disallow: /ticket/',
    'Disallow: /estado-transaccion/',
    'Disallow: /pay-status/',
    'Disallow: /forgot-password/',
    'Disallow: /*/pelicula/*/funcion/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', serverEnv.publicOrigin).toString()}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
