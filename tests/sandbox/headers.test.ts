import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSecrets } from '#sandbox/lib/config.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { login } from './flows.ts';
import { DEMO, SECRETS, startSandbox, type Sandbox } from './harness.ts';

// Every call of both spec tables, as [method, path, bearer required].
const CALLS: [string, string, boolean][] = [
  ['POST', 'register', false],
  ['POST', 'login', false],
  ['GET', 'profile/logout', true],
  ['GET', 'profile', true],
  ['PUT', 'profile', true],
  ['GET', 'profile/membership-status', true],
  ['GET', 'profile/purchases', true],
  ['GET', 'profile/purchases/VZ000001', true],
  ['POST', 'forgot', false],
  ['POST', 'update-password/abc', false],
  ['POST', 'token/register', false],
  ['POST', 'code', true],
  ['POST', 'code/validate', true],
  ['GET', 'content-types/pie-de-pagina-1/contents', false],
  ['GET', 'contents/1', false],
  ['GET', 'contents/slug/corporativo', false],
  ['GET', 'settings', false],
  ['GET', 'epayco/banks', false],
  ['POST', 'pqrs', false],
  ['POST', 'ethics', false],
  ['GET', 'dates/viziona', false],
  ['GET', 'movies/theater/viziona/showtimes?date=2026-03-10', false],
  ['GET', 'movies/theater/viziona', false],
  ['GET', 'movies/el-ultimo-faro', false],
  ['GET', 'movies/theater/viziona/el-ultimo-faro/showtimes', false],
  ['GET', 'movies/releases', false],
  ['GET', 'banners/web', false],
  ['GET', 'room-details', false],
  ['GET', 'room-details/sala-1', false],
  ['GET', 'room-details/viziona/sala-1/showtimes', false],
  ['GET', 'confectioneries/2', false],
  ['GET', 'confectioneries/score/viziona', false],
  ['GET', 'confectioneries', false],
  ['GET', 'galleries', false],
  ['GET', 'score/consecutive/1', true],
  ['GET', 'room/1', false],
  ['GET', 'room/1/status', false],
  ['GET', 'pay-brands', false],
  ['POST', 'reserve/1', true],
  ['POST', 'reserve/cancel/1', true],
  ['POST', 'pay-token', true],
  ['POST', 'epayco/card/pay', true],
  ['POST', 'epayco/pse/pay', true],
  ['GET', 'epayco/card/status/VZ000001', true],
  ['GET', 'pay-responses/VZ000001/status', true],
  ['GET', 'bills/VZ000001', true],
  ['GET', 'bills/VZ000001/codes', true],
];

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  token = await login(sandbox, DEMO);
});
afterAll(() => sandbox.close());

describe('secret headers on every call', () => {
  it.each(CALLS)('%s %s without X-Api-Key is 401 Unauthenticated', async (method, path) => {
    const answer = await sandbox.call(path, { method, body: method === 'GET' ? undefined : {}, omit: ['X-Api-Key'] });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(CALLS)('%s %s with a wrong X-Api-Key is 401', async (method, path) => {
    const answer = await sandbox.call(path, { method, headers: { 'X-Api-Key': DEV_SECRETS.CINEMA_API_KEY } });
    expect(answer.status).toBe(401);
  });

  it.each(CALLS)('%s %s without X-Custom-Action is 403 Forbidden', async (method, path) => {
    const answer = await sandbox.call(path, {
      method,
      body: method === 'GET' ? undefined : {},
      omit: ['X-Custom-Action'],
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: 'Forbidden.' });
  });

  it.each(CALLS.filter(([, , bearer]) => bearer))('%s %s without a bearer token is 401', async (method, path) => {
    const answer = await sandbox.call(path, {
      method,
      body: method === 'GET' ? undefined : {},
      headers: { 'X-Register-Code': SECRETS.registerCode, 'X-Registration-Key': SECRETS.registrationKey },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(CALLS.filter(([, , bearer]) => bearer))('%s %s with an unknown bearer token is 401', async (method, path) => {
    const answer = await sandbox.call(path, { method, token: 'not-a-token', body: method === 'GET' ? undefined : {} });
    expect(answer.status).toBe(401);
  });

  it('POST code without X-Register-Code is 403, with a wrong one too', async () => {
    expect((await sandbox.call('code', { method: 'POST', token })).status).toBe(403);
    const wrong = await sandbox.call('code', { method: 'POST', token, headers: { 'X-Register-Code': 'ZGV2' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: 'Forbidden.' });
  });

  it('POST pay-token without X-Registration-Key is 403', async () => {
    const answer = await sandbox.call('pay-token', { method: 'POST', token, body: { score_consecutive: 1 } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: 'Forbidden.' });
  });

  it('a call that does not accept JSON is refused with 406', async () => {
    const answer = await sandbox.call('settings', { headers: { Accept: 'text/html' } });
    expect(answer.status).toBe(406);
  });

  it('without configured secrets it demands the environment ones (dev defaults when unset)', async () => {
    const devSandbox = await startSandbox({ secrets: undefined });
    const expected = readSecrets(process.env);
    try {
      const configured = await devSandbox.call('settings');
      expect(configured.status).toBe(401);
      const withDefaults = await devSandbox.call('settings', {
        headers: { 'X-Api-Key': expected.apiKey, 'X-Custom-Action': expected.actionKey },
      });
      expect(withDefaults.status).toBe(200);
    } finally {
      await devSandbox.close();
    }
  });

  it('an unknown path under the API is a JSON 404', async () => {
    const answer = await sandbox.call('no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'No se encontró la ruta solicitada.' });
  });
});
