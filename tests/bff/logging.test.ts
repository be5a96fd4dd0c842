import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeUrl } from '../../bff/plugins/logging.ts';
import { SESSION_COOKIE } from '../../bff/plugins/session.ts';
import { call, outbox, registerPerson, startStack, tokenInCookie, type Stack } from './harness.ts';

/** Every log line the BFF writes, as text. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ logStream: capture });
});
afterAll(async () => {
  await stack.close();
});

describe('logs', () => {
  it('never contain a password, token, cookie or code during a whole account journey', async () => {
    const person = await registerPerson(stack.app);
    const registerToken = tokenInCookie(stack.app, person.cookie);

    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: person.email, password: person.password },
      headers: { authorization: 'Bearer should-not-be-logged' },
    });
    const loginToken = tokenInCookie(stack.app, login.cookie!);

    await call(stack.app, 'POST', '/bff/verification/send', { cookie: login.cookie! });
    const code = (await outbox(stack, person.email)).find((mail) => mail.kind === 'verification-code')!.code!;
    await call(stack.app, 'POST', '/bff/verification/validate', { cookie: login.cookie!, body: { code } });

    await call(stack.app, 'POST', '/bff/auth/forgot', { body: { email: person.email } });
    const link = (await outbox(stack, person.email)).find((mail) => mail.kind === 'password-reset')!.link!;
    const resetCode = link.split('/').pop()!;
    await call(stack.app, 'POST', `/bff/auth/reset/${resetCode}`, {
      body: { password: 'Nueva1234', confirmPassword: 'Nueva1234' },
    });
    // A failing upstream call is logged too (wrong password → 422).
    await call(stack.app, 'POST', '/bff/auth/login', { body: { email: person.email, password: 'Mala12345' } });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      person.password,
      'Nueva1234',
      'Mala12345',
      registerToken,
      loginToken,
      person.cookie,
      login.cookie!,
      decodeURIComponent(login.cookie!),
      decodeURIComponent(person.cookie),
      'should-not-be-logged',
      code,
      resetCode,
      person.form.register_token,
      'dev-api-key',
      'dev-action-key',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(SESSION_COOKIE + '=');
    expect(log).toContain('/bff/auth/reset/[REDACTED]');
  });

  it('are JSON with a request id on every request line', () => {
    const requestLines = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string })
      .filter((entry) => entry.msg === 'incoming request' || entry.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const entry of requestLines) expect(entry.reqId).toEqual(expect.any(String));
  });

  it('mask secret path segments and query values', () => {
    expect(safeUrl('/bff/auth/reset/abc123?x=1')).toBe('/bff/auth/reset/[REDACTED]?x=1');
    expect(safeUrl('update-password/abc123')).toBe('update-password/[REDACTED]');
    expect(safeUrl('/bff/catalogue/billboard?date=2026-11-22&token=abc')).toBe(
      '/bff/catalogue/billboard?date=2026-11-22&token=[REDACTED]',
    );
  });
});
