import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCapture, startStack, type Stack } from './harness.ts';

/** The BFF's log lines. */
const logs = logCapture();

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ logStream: logs.stream });
});
afterAll(async () => {
  await stack.close();
});

const cspLines = () =>
  logs.lines
    .map((line) => JSON.parse(line) as { msg?: string; csp?: unknown })
    .filter((line) => line.msg === 'csp violation')
    .map((line) => line.csp);

/** A report as Chromium sends it for `report-uri`: no client header, no cookie. */
function sendReport(body: string, contentType = 'application/csp-report', ip = '10.9.0.1') {
  return stack.app.inject({
    method: 'POST',
    url: '/bff/csp-reports',
    headers: { 'content-type': contentType, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip },
    remoteAddress: ip,
    payload: body,
  });
}

describe('POST /bff/csp-reports', () => {
  it('logs one line per violation with the directive, the blocked origin and the masked page path', async () => {
    const before = cspLines().length;
    const answer = await sendReport(
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:4321/forgot-password/SECRETRESETCODE?email=ana@example.com',
          'effective-directive': 'script-src-elem',
          'violated-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/steal.js?cookie=abc',
          disposition: 'enforce',
        },
      }),
    );
    expect(answer.statusCode).toBe(204);
    expect(cspLines().slice(before)).toEqual([
      {
        directive: 'script-src-elem',
        blocked: 'https://evil.example',
        page: '/forgot-password/[REDACTED]',
        disposition: 'enforce',
      },
    ]);
    const logged = logs.lines.join('\n');
    for (const secret of ['SECRETRESETCODE', 'ana@example.com', 'steal.js', 'cookie=abc'])
      expect(logged).not.toContain(secret);
  });

  it('takes the Reporting API format too, and keywords such as inline as they are', async () => {
    const before = cspLines().length;
    const answer = await sendReport(
      JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'http://localhost:4321/cartelera',
            effectiveDirective: 'style-src-attr',
            blockedURL: 'inline',
          },
        },
        { type: 'deprecation', body: {} },
      ]),
      'application/reports+json',
    );
    expect(answer.statusCode).toBe(204);
    expect(cspLines().slice(before)).toEqual([
      { directive: 'style-src-attr', blocked: 'inline', page: '/cartelera', disposition: 'enforce' },
    ]);
  });

  it('refuses what is not a report with 400 and the error body, and a large body with 413', async () => {
    const garbage = await sendReport('{"hola": 1}');
    expect(garbage.statusCode).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({
      error: { code: 'BAD_REQUEST', message: 'La solicitud no es válida.' },
    });
    const broken = await sendReport('{not json');
    expect(broken.statusCode).toBe(400);
    const large = await sendReport(JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(20_000) } }));
    expect(large.statusCode).toBe(413);
  });

  it('is the only POST that takes a request without the client header', async () => {
    const login = await stack.app.inject({
      method: 'POST',
      url: '/bff/auth/login',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ email: 'demo@viziona.co', password: 'Demo1234' }),
    });
    expect(login.statusCode).toBe(403);
  });

  it('bounds the log lines one address can cause', async () => {
    const report = JSON.stringify({ 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'data' } });
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1)
      statuses.push((await sendReport(report, 'application/csp-report', '10.9.9.9')).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
