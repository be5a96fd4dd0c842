import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, SITE_ORIGIN, startSecurityStack, type SecurityStack } from './stack.ts';

/**
 * The findings on the site: absolute URLs of cached public pages took the request's Host
 * (poisoning what a shared cache serves everybody), and `/pagina/x%0a{json}%0a` wrote a
 * forged line into the site's log and answered 503 instead of 404.
 */

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack({ site: true });
}, 90_000);
afterAll(async () => {
  await stack?.close();
});

const CACHED_PAGES = [
  '/',
  '/cartelera',
  '/proximos-estrenos',
  '/salas',
  '/confiteria',
  '/club-vizionarios',
  '/corporativo',
  '/sitemap.xml',
  '/robots.txt',
];

async function getWithHeaders(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const lines = [
    `GET ${path} HTTP/1.1`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const answer = await rawRequest(stack.frontUrl, `${lines.join('\r\n')}\r\n\r\n`, 30_000);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return { status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
}

describe('absolute URLs come from the configured public origin', () => {
  const variants: Array<[string, Record<string, string>]> = [
    ['Host', { Host: 'evil.example' }],
    ['Host with port', { Host: 'evil.example:8443' }],
    ['X-Forwarded-Host', { Host: 'localhost:4321', 'X-Forwarded-Host': 'evil.example' }],
    [
      'X-Forwarded-Host and -Proto',
      { Host: 'localhost:4321', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    ],
    ['Forwarded', { Host: 'localhost:4321', Forwarded: 'host=evil.example;proto=https' }],
  ];

  it.each(variants)(
    'ignores a forged %s on every cached page',
    async (_label, headers) => {
      for (const path of CACHED_PAGES) {
        const answer = await getWithHeaders(path, headers);
        expect(answer.status, path).toBeLessThan(500);
        expect(answer.body, path).not.toContain('evil.example');
      }
    },
    120_000,
  );

  it('uses the configured origin in canonical, sitemap and robots', async () => {
    const home = await getWithHeaders('/', { Host: 'evil.example' });
    expect(home.body).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/"`);
    expect((await getWithHeaders('/robots.txt', { Host: 'evil.example' })).body).toContain(
      `Sitemap: ${SITE_ORIGIN}/sitemap.xml`,
    );
    expect((await getWithHeaders('/sitemap.xml', { Host: 'evil.example' })).body).toContain(
      `<loc>${SITE_ORIGIN}/cartelera</loc>`,
    );
  });
});

describe('Content Security Policy', () => {
  it('limits img-src to this site and the configured image origin', async () => {
    const answer = await fetch(`${stack.frontUrl}/cartelera`);
    const html = await answer.text();
    const policy = answer.headers.get('content-security-policy') ?? '';
    const imgSrc =
      policy
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('img-src')) ?? '';
    expect(imgSrc.split(/\s+/).sort()).toEqual(['data:', 'img-src', "'self'", stack.sandboxUrl].sort());
    // The posters on the page come from that origin.
    expect(html).toContain(`${stack.sandboxUrl}/sandbox/images/`);
  });
});

describe('content page slugs', () => {
  it('a slug with line breaks is a 404 and writes no line of its own into the log', async () => {
    const forged = '{"level":"error","msg":"forged"}';
    const before = stack.siteOutput.join('').length;
    const answer = await fetch(`${stack.frontUrl}/pagina/x%0a${encodeURIComponent(forged)}%0a`);
    await answer.arrayBuffer();
    expect(answer.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = stack.siteOutput.join('').slice(before);
    for (const line of written.split('\n'))
      expect(line.trim().startsWith('{"level":"error","msg":"forged"')).toBe(false);
  });

  it.each(['x%0ay', '..%2f..%2fetc', '%00', 'a'.repeat(300), 'ñandú', 'x%20y', '%3Cscript%3E'])(
    'answers 404 to the invalid slug %s',
    async (slug) => {
      const answer = await fetch(`${stack.frontUrl}/pagina/${slug}`);
      await answer.arrayBuffer();
      expect(answer.status).toBe(404);
    },
  );

  it('answers 400 to a path that does not decode', async () => {
    const answer = await fetch(`${stack.frontUrl}/pagina/%ff`);
    await answer.arrayBuffer();
    expect(answer.status).toBe(400);
  });
});
