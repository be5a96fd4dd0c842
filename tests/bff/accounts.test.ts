import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/validation/messages.ts';
import {
  call,
  outbox,
  registerPerson,
  solveCaptcha,
  registrationForm,
  startStack,
  tokenInCookie,
  type Stack,
} from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

describe('registration', () => {
  it('registers, seals the session in the cookie and answers the session view', async () => {
    const { form, answer, cookie } = await registerPerson(stack.app);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      user: {
        username: form.email.toLowerCase().split('@')[0],
        name: 'Laura',
        fullname: 'Laura Martínez',
        email: form.email.toLowerCase(),
        verified: false,
        membership: { active: false, status: 'Usuario sin tarjeta activa', cineFan: null, expiresAt: null },
      },
    });
    const session = await call(stack.app, 'GET', '/bff/session', { cookie });
    expect(session.body).toEqual(answer.body);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie expiring with the upstream token', async () => {
    const { answer } = await registerPerson(stack.app);
    const setCookie = answer.setCookie ?? '';
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // Local http site: no Secure flag (it would never come back over http://localhost).
    expect(setCookie).not.toMatch(/; Secure/);
    const expires = /; Expires=([^;]+)/.exec(setCookie)?.[1];
    expect(expires).toBeDefined();
    const hoursLeft = (new Date(expires!).getTime() - Date.now()) / 3_600_000;
    // The sandbox's tokens last 24 hours.
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it('validates the whole form with the spec messages before calling upstream', async () => {
    const form = registrationForm('token', {
      name: '',
      confirmEmail: 'otra@example.com',
      confirmPassword: 'Otra1234',
      confirmDocNumber: '1',
      accept_terms: false,
      accept_privacy: false,
      captcha: '',
      password: 'corta',
    });
    const answer = await call(stack.app, 'POST', '/bff/auth/register', { body: form });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Revisa los datos ingresados.',
        fields: {
          name: 'El nombre es requerido',
          password: MESSAGES.passwordRule,
          confirmEmail: 'Los correos electrónicos no coinciden',
          confirmPassword: 'Las contraseñas no coinciden',
          confirmDocNumber: 'Los números de documento no coinciden',
          accept_terms: 'Debes aceptar los Términos y Condiciones',
          accept_privacy: 'Debes aceptar la Política de Privacidad',
          captcha: 'Debes confirmar que no eres un robot',
        },
      },
    });
    expect(answer.cookie).toBeUndefined();
  });

  it("passes the server's message through when the e-mail is taken", async () => {
    const first = await registerPerson(stack.app);
    const form = registrationForm(await solveCaptcha(stack.app), {
      email: first.email.toUpperCase(),
      confirmEmail: first.email.toUpperCase(),
    });
    const answer = await call(stack.app, 'POST', '/bff/auth/register', { body: form });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'El correo electrónico ya está registrado.' },
    });
    expect(answer.cookie).toBeUndefined();
  });

  it('refuses a robot check that is not a solved captcha, before asking the API for a register token', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/register', {
      body: registrationForm('not-a-real-proof'),
      remoteAddress: '10.77.0.2',
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { code: 'CAPTCHA_INVALID', fields: { captcha: expect.any(String) } } });
  });

  it('accepts each solved captcha once', async () => {
    // From an address of its own: the registration rate limit is not what this test is about.
    const remoteAddress = '10.77.0.1';
    const captcha = await solveCaptcha(stack.app, remoteAddress);
    expect(
      (await call(stack.app, 'POST', '/bff/auth/register', { body: registrationForm(captcha), remoteAddress })).status,
    ).toBe(201);
    const replayed = await call(stack.app, 'POST', '/bff/auth/register', {
      body: registrationForm(captcha),
      remoteAddress,
    });
    expect(replayed.status).toBe(422);
    expect(replayed.body).toMatchObject({ error: { code: 'CAPTCHA_REPLAYED' } });
  });

  it('no longer hands out a register token to anyone who asks', async () => {
    expect((await call(stack.app, 'GET', '/bff/auth/register-token')).status).toBe(404);
  });
});

describe('login and logout', () => {
  it('logs in with the lowercased e-mail and answers the session view with the membership', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'Club@Viziona.co', password: 'Club1234' },
    });
    expect(answer.status).toBe(200);
    expect(answer.cookie).toBeTruthy();
    expect(answer.body).toMatchObject({
      user: {
        email: 'club@viziona.co',
        name: 'Carlos',
        verified: true,
        membership: { active: true, status: 'Usuario con tarjeta activa', cineFan: 'vigente' },
      },
    });
  });

  it("shows the server's message when the credentials are wrong", async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'demo@viziona.co', password: 'Otra12345' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Estas credenciales no coinciden con nuestros registros.' },
    });
    expect(answer.cookie).toBeUndefined();
  });

  it('validates the login form', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/login', { body: { email: 'nadie', password: '' } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { fields: { email: 'Correo electrónico inválido', password: MESSAGES.passwordRequired } },
    });
  });

  it('logs out: the cookie is cleared and the upstream token revoked', async () => {
    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'demo@viziona.co', password: 'Demo1234' },
    });
    const cookie = login.cookie!;
    const logout = await call(stack.app, 'POST', '/bff/auth/logout', { cookie });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ ok: true });
    expect(logout.cookie).toBe('');
    expect(logout.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);

    // Replaying the old cookie: the upstream refuses the revoked token, the session ends.
    const replay = await call(stack.app, 'GET', '/bff/profile', { cookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    expect(replay.cookie).toBe('');
  });

  it('logs out a visitor without a session too', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
  });
});

describe('password recovery and reset', () => {
  it('sends a reset link and sets a new password with the code from it', async () => {
    const person = await registerPerson(stack.app);
    const forgot = await call(stack.app, 'POST', '/bff/auth/forgot', { body: { email: person.form.email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });

    const mail = (await outbox(stack, person.email)).find((message) => message.kind === 'password-reset');
    expect(mail?.link).toMatch(/\/forgot-password\/[^/]+$/);
    const code = mail!.link!.split('/').pop()!;

    const mismatch = await call(stack.app, 'POST', `/bff/auth/reset/${code}`, {
      body: { password: 'Nueva1234', confirmPassword: 'Nueva4321' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ error: { fields: { confirmPassword: 'Las contraseñas no coinciden' } } });

    const reset = await call(stack.app, 'POST', `/bff/auth/reset/${code}`, {
      body: { password: 'Nueva1234', confirmPassword: 'Nueva1234' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    const oldPassword = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(oldPassword.status).toBe(422);
    const newPassword = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: person.email, password: 'Nueva1234' },
    });
    expect(newPassword.status).toBe(200);

    // Single use: the same code no longer works.
    const again = await call(stack.app, 'POST', `/bff/auth/reset/${code}`, {
      body: { password: 'Otra12345', confirmPassword: 'Otra12345' },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { code: expect.any(String) } } });
  });

  it('answers the same for an unknown address (no enumeration)', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/forgot', { body: { email: 'nadie@example.com' } });
    expect(answer.status).toBe(200);
  });

  it('validates the forgot-password form', async () => {
    const answer = await call(stack.app, 'POST', '/bff/auth/forgot', { body: { email: '' } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { fields: { email: 'El correo electrónico es requerido' } } });
  });
});

describe('e-mail verification', () => {
  it('sends a code and validates it: the session becomes verified', async () => {
    const person = await registerPerson(stack.app);
    const sent = await call(stack.app, 'POST', '/bff/verification/send', { cookie: person.cookie });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: true });

    const code = (await outbox(stack, person.email)).find((message) => message.kind === 'verification-code')?.code;
    expect(code).toBeTruthy();

    const wrong = await call(stack.app, 'POST', '/bff/verification/validate', {
      cookie: person.cookie,
      body: { code: '000000' === code ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });

    const blank = await call(stack.app, 'POST', '/bff/verification/validate', {
      cookie: person.cookie,
      body: { code: '   ' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ error: { fields: { code: MESSAGES.verificationCodeRequired } } });

    const valid = await call(stack.app, 'POST', '/bff/verification/validate', {
      cookie: person.cookie,
      body: { code: ` ${code} ` },
    });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ user: { email: person.email, verified: true } });

    const session = await call(stack.app, 'GET', '/bff/session', { cookie: valid.cookie ?? person.cookie });
    expect(session.body).toMatchObject({ user: { verified: true } });
  });

  it('needs a session', async () => {
    expect((await call(stack.app, 'POST', '/bff/verification/send')).status).toBe(401);
    expect((await call(stack.app, 'POST', '/bff/verification/validate', { body: { code: '1' } })).status).toBe(401);
  });
});

describe('the upstream token never reaches a body', () => {
  it('is absent from every answer of a whole account journey', async () => {
    const bodies: string[] = [];
    const person = await registerPerson(stack.app);
    bodies.push(person.answer.text);
    const registerToken = tokenInCookie(stack.app, person.cookie);
    expect(registerToken.length).toBeGreaterThan(10);

    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: person.email, password: person.password },
    });
    bodies.push(login.text);
    const loginToken = tokenInCookie(stack.app, login.cookie!);
    for (const [method, url] of [
      ['GET', '/bff/session'],
      ['GET', '/bff/profile'],
      ['GET', '/bff/profile/membership'],
      ['GET', '/bff/profile/purchases'],
      ['POST', '/bff/verification/send'],
    ] as const) {
      bodies.push((await call(stack.app, method, url, { cookie: login.cookie! })).text);
    }
    bodies.push(
      (
        await call(stack.app, 'PUT', '/bff/profile', {
          cookie: login.cookie!,
          body: { name: 'Laura', lastname: 'Martínez', phone: '3001234567', birthday: '1992-03-04', sex: 'F' },
        })
      ).text,
    );
    for (const body of bodies) {
      expect(body).not.toContain(registerToken);
      expect(body).not.toContain(loginToken);
      expect(body).not.toMatch(/"token"/);
    }
  });
});
