import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bogotaToday } from '#shared/format/bogota-time.ts';
import { call, registerPerson, startStack, type Stack } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

const profileForm = {
  name: 'Laura',
  lastname: 'Martínez',
  phone: '3001234567',
  birthday: '1992-03-04',
  sex: 'F',
};

describe('profile', () => {
  it('needs a session', async () => {
    for (const url of [
      '/bff/profile',
      '/bff/profile/membership',
      '/bff/profile/purchases',
      '/bff/profile/purchases/VZ000001',
    ]) {
      const answer = await call(stack.app, 'GET', url);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
    }
    expect((await call(stack.app, 'PUT', '/bff/profile', { body: profileForm })).status).toBe(401);
  });

  it('shows the profile with read-only e-mail and document', async () => {
    const person = await registerPerson(stack.app);
    const answer = await call(stack.app, 'GET', '/bff/profile', { cookie: person.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      name: 'Laura',
      lastname: 'Martínez',
      email: person.email,
      phone: '3001234567',
      doc_type: 'CC',
      doc_number: person.form.doc_number,
      birthday: '1992-03-04',
      sex: 'F',
    });
    expect(answer.headers['cache-control']).toBe('private, no-store');
  });

  it('updates the profile, ignores read-only fields and refreshes the session view', async () => {
    const person = await registerPerson(stack.app);
    const answer = await call(stack.app, 'PUT', '/bff/profile', {
      cookie: person.cookie,
      body: {
        ...profileForm,
        name: 'Lucía',
        lastname: 'Pérez',
        sex: '',
        email: 'otra@example.com',
        doc_number: '1',
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      profile: { name: 'Lucía', lastname: 'Pérez', email: person.email, doc_number: person.form.doc_number, sex: '' },
      session: { user: { name: 'Lucía', fullname: 'Lucía Pérez', email: person.email } },
    });
    const session = await call(stack.app, 'GET', '/bff/session', { cookie: answer.cookie ?? person.cookie });
    expect(session.body).toMatchObject({ user: { name: 'Lucía', fullname: 'Lucía Pérez' } });
  });

  it('changes the password only when one is typed and confirmed', async () => {
    const person = await registerPerson(stack.app);
    const missingConfirmation = await call(stack.app, 'PUT', '/bff/profile', {
      cookie: person.cookie,
      body: { ...profileForm, password: 'Nueva1234' },
    });
    expect(missingConfirmation.status).toBe(422);
    expect(missingConfirmation.body).toMatchObject({
      error: { fields: { confirmPassword: 'Confirma la contraseña' } },
    });

    const mismatch = await call(stack.app, 'PUT', '/bff/profile', {
      cookie: person.cookie,
      body: { ...profileForm, password: 'Nueva1234', confirmPassword: 'Nueva4321' },
    });
    expect(mismatch.body).toMatchObject({ error: { fields: { confirmPassword: 'Las contraseñas deben coincidir' } } });

    const badDate = await call(stack.app, 'PUT', '/bff/profile', {
      cookie: person.cookie,
      body: { ...profileForm, birthday: '1992-02-30', sex: 'X' },
    });
    expect(badDate.body).toMatchObject({
      error: { fields: { birthday: 'La fecha no es válida', sex: 'Seleccione un sexo' } },
    });

    const changed = await call(stack.app, 'PUT', '/bff/profile', {
      cookie: person.cookie,
      body: { ...profileForm, password: 'Nueva1234', confirmPassword: 'Nueva1234' },
    });
    expect(changed.status).toBe(200);
    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: person.email, password: 'Nueva1234' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a birthday today or later in Bogotá on the birthday field, before calling the API', async () => {
    const person = await registerPerson(stack.app);
    const today = bogotaToday();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const birthday of [today, tomorrow, '2999-12-31']) {
      const answer = await call(stack.app, 'PUT', '/bff/profile', {
        cookie: person.cookie,
        body: { ...profileForm, birthday },
      });
      expect(answer.status, birthday).toBe(422);
      expect(answer.body).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Revisa los datos ingresados.',
          fields: { birthday: 'La fecha no es válida' },
        },
      });
    }
    const profile = await call(stack.app, 'GET', '/bff/profile', { cookie: person.cookie });
    expect(profile.body).toMatchObject({ birthday: '1992-03-04' });
  });

  it('reads the membership status', async () => {
    const login = await call(stack.app, 'POST', '/bff/auth/login', {
      body: { email: 'club@viziona.co', password: 'Club1234' },
    });
    const answer = await call(stack.app, 'GET', '/bff/profile/membership', { cookie: login.cookie! });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      membership: {
        active: true,
        status: 'Usuario con tarjeta activa',
        cineFan: 'vigente',
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    });

    const person = await registerPerson(stack.app);
    const none = await call(stack.app, 'GET', '/bff/profile/membership', { cookie: person.cookie });
    expect(none.body).toEqual({
      membership: { active: false, status: 'Usuario sin tarjeta activa', cineFan: null, expiresAt: null },
    });
  });

  it('lists no purchases for a new user', async () => {
    const person = await registerPerson(stack.app);
    const answer = await call(stack.app, 'GET', '/bff/profile/purchases', { cookie: person.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ purchases: [] });
  });

  it("answers 404 for a purchase that is not the user's", async () => {
    const person = await registerPerson(stack.app);
    const answer = await call(stack.app, 'GET', '/bff/profile/purchases/VZ999999', { cookie: person.cookie });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const bad = await call(stack.app, 'GET', '/bff/profile/purchases/..%2F..%2Fsettings', { cookie: person.cookie });
    expect(bad.status).toBe(400);
  });
});
