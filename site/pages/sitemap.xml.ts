import type { APIRoute } from 'astro';
import { serverEnv } from '../lib/server-env.ts';
import { callBff } from '#site/lib/bff-server.ts';
import { routes } from '../lib/routes.ts';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../lib/page-cache.ts';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The public pages, movies (now showing and upcoming) and rooms, for search engines. */
export const GET: APIRoute = async ({ locals }) => {
  const [nowShowing, releases, rooms] = await Promise.all([
    callBff(locals.bff, 'GET /catalogue/movies'),
    callBff(locals.bff, 'GET /catalogue/releases'),
    callBff(locals.bff, 'GET /catalogue/rooms'),
  ]);
  const paths = new Set<string>([
    routes.home,
    routes.billboard,
    routes.releases,
    routes.rooms,
    routes.confectionery,
    routes.club,
    routes.corporate,
    routes.contact,
    routes.ethicsLine,
    routes.accessibility,
    routes.terms,
    routes.privacy,
    routes.clubTerms,
  ]);
  if (nowShowing.ok)
    for (const movie of nowShowing.data.movies) paths.add(routes.movie(nowShowing.data.theater, movie.slug));
  if (releases.ok)
    for (const release of releases.data.releases) paths.add(routes.movie(releases.data.theater, release.slug));
  if (rooms.ok) for (const room of rooms.data.rooms) paths.add(routes.room(room.slug));

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...paths].map(
      (path) => `  <url><loc>${escapeXml(new URL(path, serverEnv.publicOrigin).toString())}</loc></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  const complete = nowShowing.ok && releases.ok && rooms.ok;
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': complete ? PUBLIC_PAGE_CACHE_CONTROL : 'no-store',
    },
  });
};
