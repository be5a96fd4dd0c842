import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MembershipStatusAnswerSchema,
  ProfileAnswerSchema,
  ProfileUpdateAnswerSchema,
  SendCodeAnswerSchema,
  SessionAnswerSchema,
  TokenAnswerSchema,
  ValidateCodeAnswerSchema,
} from '#shared/cinema-api/accounts.ts';
import { MessageAnswerSchema, ValidationErrorAnswerSchema } from '#shared/cinema-api/common.ts';
import { DOCUMENT_NUMBER_MESSAGES } from '#shared/validation/document-number.ts';
import { login, registerUser } from './flows.ts';
import { DEMO, MEMBER, SECRETS, SITE_URL, startSandbox, type Sandbox } from './harness.ts';

interface OutboxEntry {
  to: string;
  kind: string;
  code: string | null;
  link: string | null;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const lastMail = async (to: string): Promise<OutboxEntry | undefined> => {
  const answer = await sandbox.tool<{ data: OutboxEntry[] }>(`outbox.json?to=${encodeURIComponent(to)}`);
  return answer.body.data[0];
};

function registration(token: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Andrés',
    lastname: 'Mejía',
    email: 'Andres.Mejia@Correo.test',
    password: 'Clave1234',
    doc_type: 'CC',
    doc_number: '79111222',
    phone: '3115550000',
    birthday: '1988-07-20',
    sex: 'M',
    device: 'web',
    register_token: token,
    ...overrides,
  };
}

describe('register and token/register', () => {
  it('issues a robot-check token, registers with it once, and answers token, expires_at and user', async () => {
    const tokenAnswer = await sandbox.call('token/register', { method: 'POST' });
    expect(tokenAnswer.status).toBe(200);
    const { token } = TokenAnswerSchema.parse(tokenAnswer.body);

    const answer = await sandbox.call('register', { method: 'POST', body: registration(token) });
    expect(answer.status).toBe(201);
    const session = SessionAnswerSchema.parse(answer.body);
    expect(session.user.email).toBe('andres.mejia@correo.test');
    expect(session.user.fullname).toBe('Andrés Mejía');
    expect(session.user.email_verified_at).toBeNull();
    expect(session.expires_at).toBe('2026-03-11 10:00:00');

    const again = await sandbox.call('register', {
      method: 'POST',
      body: registration(token, { email: 'otra@correo.test', doc_number: '79111223' }),
    });
    expect(again.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(again.body).errors.register_token).toBeDefined();
  });

  it('refuses invalid fields with Spanish messages per field', async () => {
    const { token } = TokenAnswerSchema.parse((await sandbox.call('token/register', { method: 'POST' })).body);
    const answer = await sandbox.call('register', {
      method: 'POST',
      body: registration(token, { email: DEMO.email, password: 'corta', birthday: 'ayer', doc_number: '79111299' }),
    });
    expect(answer.status).toBe(422);
    const body = ValidationErrorAnswerSchema.parse(answer.body);
    expect(body.errors.email).toEqual(['El correo electrónico ya está registrado.']);
    expect(body.errors.password?.[0]).toMatch(/^La contraseña debe tener de 8 a 12 caracteres/);
    expect(body.errors.birthday).toEqual(['La fecha no es válida.']);
    expect(body.message).toBe('El correo electrónico ya está registrado. (y 2 errores más)');
  });

  it('checks the document number by type with the shared rule (passport letters, NIT check digit)', async () => {
    const register = async (docType: string, docNumber: string, email: string) => {
      const { token } = TokenAnswerSchema.parse((await sandbox.call('token/register', { method: 'POST' })).body);
      return sandbox.call('register', {
        method: 'POST',
        body: registration(token, { email, doc_type: docType, doc_number: docNumber }),
      });
    };
    expect((await register('PPN', 'AB123456', 'pasaporte@correo.test')).status).toBe(201);
    expect((await register('NIT', '800197268-4', 'empresa@correo.test')).status).toBe(201);
    for (const [docType, docNumber, message] of [
      ['CC', 'AB123456', DOCUMENT_NUMBER_MESSAGES.CC],
      ['CC', '１２３４５', DOCUMENT_NUMBER_MESSAGES.CC],
      ['NIT', '800197268-5', DOCUMENT_NUMBER_MESSAGES.nitCheckDigit],
      ['PPN', 'AB 123456', DOCUMENT_NUMBER_MESSAGES.PPN],
    ] as const) {
      const answer = await register(docType, docNumber, `doc.${docType.toLowerCase()}@correo.test`);
      expect(answer.status, `${docType} ${docNumber}`).toBe(422);
      expect(ValidationErrorAnswerSchema.parse(answer.body).errors.doc_number).toEqual([message]);
    }
    // The same passport typed in lower case is the same document.
    const again = await register('PPN', 'ab123456', 'otro.pasaporte@correo.test');
    expect(ValidationErrorAnswerSchema.parse(again.body).errors.doc_number).toEqual([
      'El número de documento ya está registrado.',
    ]);
  });

  it('reports missing required fields', async () => {
    const answer = await sandbox.call('register', { method: 'POST', body: {} });
    expect(answer.status).toBe(422);
    const body = ValidationErrorAnswerSchema.parse(answer.body);
    expect(body.errors.name).toEqual(['El campo nombre es obligatorio.']);
    expect(body.errors.register_token).toBeDefined();
  });

  it('sends a verification code to the outbox on registration', async () => {
    const { email } = await registerUser(sandbox);
    const mail = await lastMail(email);
    expect(mail?.kind).toBe('verification-code');
    expect(mail?.code).toMatch(/^\d{6}$/);
  });
});

describe('login and logout', () => {
  it('logs the demo user in', async () => {
    const answer = await sandbox.call('login', {
      method: 'POST',
      body: { email: 'DEMO@viziona.co', password: DEMO.password },
    });
    expect(answer.status).toBe(200);
    const session = SessionAnswerSchema.parse(answer.body);
    expect(session.user.email).toBe(DEMO.email);
    expect(session.user.email_verified_at).not.toBeNull();
  });

  it('refuses a wrong password with the server message and no token', async () => {
    const answer = await sandbox.call('login', { method: 'POST', body: { email: DEMO.email, password: 'Mala12345' } });
    expect(answer.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(answer.body).message).toBe(
      'Estas credenciales no coinciden con nuestros registros.',
    );
  });

  it('refuses a login without fields', async () => {
    const answer = await sandbox.call('login', { method: 'POST', body: {} });
    expect(answer.status).toBe(422);
  });

  it('logout revokes the token', async () => {
    const token = await login(sandbox, DEMO);
    const answer = await sandbox.call('profile/logout', { token });
    expect(answer.status).toBe(200);
    MessageAnswerSchema.parse(answer.body);
    expect((await sandbox.call('profile', { token })).status).toBe(401);
  });

  it('a token expires after 24 hours of the clock', async () => {
    const local = await startSandbox();
    try {
      const token = await login(local, DEMO);
      await local.tool('clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 24 * 3600 + 1 }),
      });
      expect((await local.call('profile', { token })).status).toBe(401);
    } finally {
      await local.close();
    }
  });
});

describe('profile', () => {
  it('reads the user in a data envelope', async () => {
    const token = await login(sandbox, DEMO);
    const answer = await sandbox.call('profile', { token });
    expect(answer.status).toBe(200);
    expect(ProfileAnswerSchema.parse(answer.body).data.email).toBe(DEMO.email);
  });

  it('updates names, keeps e-mail and document, and changes the password only when sent', async () => {
    const { token, email } = await registerUser(sandbox);
    const answer = await sandbox.call('profile', {
      method: 'PUT',
      token,
      body: {
        name: 'Lucía',
        lastname: 'Pardo',
        phone: '3001112233',
        birthday: '1991-02-03',
        sex: 'F',
        email: 'hack@correo.test',
        doc_number: '1',
      },
    });
    expect(answer.status).toBe(200);
    const updated = ProfileUpdateAnswerSchema.parse(answer.body).data;
    expect(updated.fullname).toBe('Lucía Pardo');
    expect(updated.email).toBe(email);
    expect(updated.birthday).toBe('1991-02-03');

    const withPassword = await sandbox.call('profile', {
      method: 'PUT',
      token,
      body: {
        name: 'Lucía',
        lastname: 'Pardo',
        phone: '3001112233',
        password: 'Nueva1234',
        password_confirmation: 'Nueva1234',
      },
    });
    expect(withPassword.status).toBe(200);
    expect((await sandbox.call('login', { method: 'POST', body: { email, password: 'Nueva1234' } })).status).toBe(200);
  });

  it('refuses a bad update', async () => {
    const token = await login(sandbox, DEMO);
    const answer = await sandbox.call('profile', {
      method: 'PUT',
      token,
      body: { name: '', lastname: 'X', phone: '300', sex: 'X', password: 'abc' },
    });
    expect(answer.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(answer.body).errors;
    expect(errors.name).toEqual(['El campo nombre es obligatorio.']);
    expect(errors.sex).toEqual(['Seleccione un sexo']);
  });

  it('reports membership status as a one-element list', async () => {
    const plain = MembershipStatusAnswerSchema.parse(
      (await sandbox.call('profile/membership-status', { token: await login(sandbox, DEMO) })).body,
    );
    expect(plain.data).toEqual([{ Estado: 'Usuario sin tarjeta activa', CineFan: '', Vencimiento: null }]);
    const member = MembershipStatusAnswerSchema.parse(
      (await sandbox.call('profile/membership-status', { token: await login(sandbox, MEMBER) })).body,
    );
    expect(member.data[0]?.Estado).toBe('Usuario con tarjeta activa');
    expect(member.data[0]?.CineFan).toBe('vigente');
    expect(member.data[0]?.Vencimiento).toBe('2027-03-10 10:00:00');
  });
});

describe('forgot and update-password', () => {
  it('mails a reset link to the site, which sets a new password once and revokes sessions', async () => {
    const { token, email } = await registerUser(sandbox);
    const answer = await sandbox.call('forgot', { method: 'POST', body: { email } });
    expect(answer.status).toBe(200);
    const mail = await lastMail(email);
    expect(mail?.kind).toBe('password-reset');
    expect(mail?.link?.startsWith(`${SITE_URL}/forgot-password/`)).toBe(true);
    const code = mail?.link?.split('/').pop() ?? '';

    const weak = await sandbox.call(`update-password/${code}`, { method: 'POST', body: { password: 'debil' } });
    expect(weak.status).toBe(422);

    const reset = await sandbox.call(`update-password/${code}`, { method: 'POST', body: { password: 'Otra12345' } });
    expect(reset.status).toBe(200);
    expect((await sandbox.call('profile', { token })).status).toBe(401);
    expect((await sandbox.call('login', { method: 'POST', body: { email, password: 'Otra12345' } })).status).toBe(200);

    const reused = await sandbox.call(`update-password/${code}`, { method: 'POST', body: { password: 'Otra12345' } });
    expect(reused.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(reused.body).errors.code).toBeDefined();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const answer = await sandbox.call('forgot', { method: 'POST', body: { email: 'nadie@correo.test' } });
    expect(answer.status).toBe(200);
    expect(await lastMail('nadie@correo.test')).toBeUndefined();
  });

  it('refuses an invalid e-mail', async () => {
    const answer = await sandbox.call('forgot', { method: 'POST', body: { email: 'no-es-correo' } });
    expect(answer.status).toBe(422);
  });
});

describe('verification code', () => {
  it('sends a code (bearer and register-code header) and validates it once', async () => {
    const { token, email } = await registerUser(sandbox);
    const sent = await sandbox.call('code', {
      method: 'POST',
      token,
      headers: { 'X-Register-Code': SECRETS.registerCode },
    });
    expect(sent.status).toBe(200);
    expect(SendCodeAnswerSchema.parse(sent.body).data.sent).toBe(true);
    const code = (await lastMail(email))?.code ?? '';

    const wrong = await sandbox.call('code/validate', {
      method: 'POST',
      token,
      body: { code: '000000' === code ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);

    const valid = await sandbox.call('code/validate', { method: 'POST', token, body: { code } });
    expect(valid.status).toBe(200);
    expect(ValidateCodeAnswerSchema.parse(valid.body).data.user.email_verified_at).not.toBeNull();

    expect((await sandbox.call('code/validate', { method: 'POST', token, body: { code } })).status).toBe(422);
  });

  it('an earlier code stops working when a new one is sent', async () => {
    const { token, email } = await registerUser(sandbox);
    const first = (await lastMail(email))?.code ?? '';
    await sandbox.call('code', { method: 'POST', token, headers: { 'X-Register-Code': SECRETS.registerCode } });
    const second = (await lastMail(email))?.code ?? '';
    if (first !== second) {
      expect((await sandbox.call('code/validate', { method: 'POST', token, body: { code: first } })).status).toBe(422);
    }
    expect((await sandbox.call('code/validate', { method: 'POST', token, body: { code: second } })).status).toBe(200);
  });

  it('refuses an empty code', async () => {
    const token = await login(sandbox, DEMO);
    const answer = await sandbox.call('code/validate', { method: 'POST', token, body: { code: '  ' } });
    expect(answer.status).toBe(422);
  });
});
