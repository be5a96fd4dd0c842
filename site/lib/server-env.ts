/**
 * The site server's configuration, read once from the environment (`BFF_URL`, `BFF_PORT`, `BFF_TIMEOUT_MS`, `SITE_ORIGIN`, `IMAGE_ORIGINS`). Nothing here reaches
 * the browser: only server code (middleware, page frontmatter) imports this module.
 */
function readBffUrl(): string {
  const explicit = process.env.BFF_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  const port = process.env.BFF_PORT?.trim() || '4300';
  return `http://127.0.0.1:${port}`;
}

function readTimeoutMs(): number {
  const value = Number(process.env.BFF_TIMEOUT_MS ?? '');
  return Number.isFinite(value) && value > 0 ? value : 8000;
}

/**
 * The public origin absolute URLs are built from (canonical, og:url, JSON-LD, sitemap,
 * robots): `SITE_ORIGIN` at run time, else Astro's `site` from the build. Never the request's
 * Host or X-Forwarded-Host: those pages are cached and shared (s-maxage), so a forged header
 * would be served to everybody.
 */
function readPublicOrigin(): string {
  const configured = process.env.SITE_ORIGIN?.trim() || import.meta.env.SITE || 'http://localhost:4321';
  return new URL(configured).origin;
}

/**
 * Where the cinema API's images (posters, banners, rooms) come from: the CSP's `img-src`
 * allows these origins and no other host. `IMAGE_ORIGINS`, comma-separated (`npm start` sets it
 * to the cinema API's origin); unset, images come only from this site.
 */
function readImageOrigins(): string[] {
  return (process.env.IMAGE_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => URL.canParse(entry) && /^https?:$/.test(new URL(entry).protocol))
    .map((entry) => new URL(entry).origin);
}

export const serverEnv = {
  bffUrl: readBffUrl(),
  bffTimeoutMs: readTimeoutMs(),
  publicOrigin: readPublicOrigin(),
  imageOrigins: readImageOrigins(),
} as const;
