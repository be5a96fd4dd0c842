import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeUrl } from '#bff/plugins/logging.ts';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import { call, logCapture, outbox, registerPerson, startStack, tokenInCookie, type Stack } from './harness.ts';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';

/** Every log line the BFF writes, as text. */
const { stream: capture, lines } = logCapture();

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
      person.form.captcha,
      ...Object.values(DEV_SECRETS),
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

  it('record every request with method, masked URL and address only, public reads included', async () => {
    const before = lines.length;
    const answer = await call(stack.app, 'GET', '/bff/catalogue/releases?token=query-secret', {
      headers: {
        authorization: 'Bearer catalogue-secret',
        cookie: `${SESSION_COOKIE}=catalogue-cookie`,
        'x-api-key': 'catalogue-api-key',
      },
    });
    // A public read reads no query: it is sent to its path (issue 32), the token left behind.
    expect(answer.status).toBe(301);

    const entries = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const incoming = entries.find((entry) => entry.msg === 'incoming request');
    const completed = entries.find((entry) => entry.msg === 'request completed');
    // The request serializer emits these three fields and nothing else: no header ever.
    expect(incoming?.req).toEqual({
      method: 'GET',
      url: '/bff/catalogue/releases?token=[REDACTED]',
      remoteAddress: expect.any(String),
    });
    expect(completed?.res).toEqual({ statusCode: 301 });
    expect(completed?.reqId).toBe(incoming?.reqId);
    const written = lines.slice(before).join('\n');
    for (const secret of ['query-secret', 'catalogue-secret', 'catalogue-cookie', 'catalogue-api-key']) {
      expect(written).not.toContain(secret);
    }
  });

  it('redact secrets a handler logs by mistake, and keep what an operator needs of an error', () => {
    const before = lines.length;
    const socketError = Object.assign(new Error('socket hang up'), {
      code: 'ECONNRESET',
      options: { headers: { 'x-api-key': 'error-cause-api-key' } },
    });
    const failure = Object.assign(new Error('upstream unreachable', { cause: socketError }), {
      code: 'UND_ERR_SOCKET',
      headers: { authorization: 'Bearer error-header-token', cookie: 'error-cookie' },
      body: { password: 'ErrorBody123' },
    });
    stack.app.log.error(
      {
        err: failure,
        code: 'SOME_ERROR_CODE',
        password: 'TopLevel123',
        token: 'top-level-token',
        body: {
          password: 'BodyPass123',
          confirmPassword: 'BodyPass123',
          code: 'body-verification-code',
          card_number: '4111111111111111',
          cvc: '987',
          register_token: 'body-register-token',
        },
        params: { code: 'params-reset-code' },
        query: { token: 'query-token' },
        payload: { cardNumber: '5555555555554444', cvv: '654', code: 'payload-code' },
        headers: {
          authorization: 'Bearer headers-token',
          cookie: `${SESSION_COOKIE}=headers-cookie`,
          'set-cookie': 'headers-set-cookie',
          'x-api-key': 'headers-api-key',
          'x-custom-action': 'headers-action-key',
          'x-register-code': 'headers-register-code',
          'x-registration-key': 'headers-registration-key',
        },
        user: { email: 'persona@example.com', token: 'user-token' },
        session: { token: 'session-token', access_token: 'session-access-token' },
      },
      'a handler logged too much',
    );

    const written = lines.slice(before).join('\n');
    for (const secret of [
      'error-cause-api-key',
      'error-header-token',
      'error-cookie',
      'ErrorBody123',
      'TopLevel123',
      'top-level-token',
      'BodyPass123',
      'body-verification-code',
      '4111111111111111',
      '"987"',
      'body-register-token',
      'params-reset-code',
      'query-token',
      '5555555555554444',
      '"654"',
      'payload-code',
      'headers-token',
      'headers-cookie',
      'headers-set-cookie',
      'headers-api-key',
      'headers-action-key',
      'headers-register-code',
      'headers-registration-key',
      'user-token',
      'session-token',
      'session-access-token',
    ]) {
      expect(written).not.toContain(secret);
    }
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(entry.msg).toBe('a handler logged too much');
    // An error code is not a verification code: it stays.
    expect(entry.code).toBe('SOME_ERROR_CODE');
    expect(entry.user).toEqual({ email: 'persona@example.com', token: '[REDACTED]' });
    expect(entry.err).toEqual({
      type: 'Error',
      message: 'upstream unreachable',
      stack: expect.stringContaining('upstream unreachable'),
      code: 'UND_ERR_SOCKET',
      cause: { type: 'Error', message: 'socket hang up', stack: expect.any(String), code: 'ECONNRESET' },
    });
  });

  it('mask secret path segments and query values', () => {
    expect(safeUrl('/bff/auth/reset/abc123?x=1')).toBe('/bff/auth/reset/[REDACTED]?x=1');
    expect(safeUrl('update-password/abc123')).toBe('update-password/[REDACTED]');
    expect(safeUrl('/forgot-password/abc123')).toBe('/forgot-password/[REDACTED]');
    expect(safeUrl('/bff/catalogue/movies/week?date=2026-11-22&token=abc')).toBe(
      '/bff/catalogue/movies/week?date=2026-11-22&token=[REDACTED]',
    );
  });
});
