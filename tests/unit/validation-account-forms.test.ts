import { describe, expect, it } from 'vitest';
import { ForgotPasswordFormSchema, toForgotPasswordPayload } from '#shared/validation/forgot-password.ts';
import { LoginFormSchema, toLoginPayload } from '#shared/validation/login.ts';
import { MESSAGES } from '#shared/validation/messages.ts';
import { ProfileFormSchema, toProfilePayload } from '#shared/validation/profile.ts';
import { ResetPasswordFormSchema, toResetPasswordPayload } from '#shared/validation/reset-password.ts';
import { VerificationCodeFormSchema } from '#shared/validation/verification-code.ts';
import { fieldMessages } from './validation-helpers.ts';

describe('login form', () => {
  it('accepts a valid e-mail and password and lowercases the e-mail for upstream', () => {
    const form = LoginFormSchema.parse({ email: ' Ana@Example.com ', password: 'Clave1234' });
    expect(toLoginPayload(form)).toEqual({ email: 'ana@example.com', password: 'Clave1234' });
  });

  it('requires a valid e-mail and a password', () => {
    expect(fieldMessages(LoginFormSchema, { email: '', password: '' })).toEqual({
      email: 'El correo electrónico es requerido',
      password: MESSAGES.passwordRequired,
    });
    // one message per field, not a pile of them
    expect(LoginFormSchema.safeParse({ email: '', password: '' }).error?.issues).toHaveLength(2);
    expect(fieldMessages(LoginFormSchema, { email: 'nope', password: 'Clave1234' })).toEqual({
      email: 'Correo electrónico inválido',
    });
  });
});

describe('forgot password form', () => {
  it('requires a valid e-mail', () => {
    expect(fieldMessages(ForgotPasswordFormSchema, {})).toEqual({
      email: 'El correo electrónico es requerido',
    });
    expect(fieldMessages(ForgotPasswordFormSchema, { email: 'a@b' })).toEqual({
      email: 'Correo electrónico inválido',
    });
    const form = ForgotPasswordFormSchema.parse({ email: 'Ana@Example.com' });
    expect(toForgotPasswordPayload(form)).toEqual({ email: 'ana@example.com' });
  });
});

describe('reset password form', () => {
  it('applies the password rule and the confirmation, and sends only the password', () => {
    expect(fieldMessages(ResetPasswordFormSchema, { password: '', confirmPassword: '' })).toEqual({
      password: MESSAGES.passwordRequired,
    });
    expect(fieldMessages(ResetPasswordFormSchema, { password: 'clave', confirmPassword: 'clave' })).toEqual({
      password: MESSAGES.passwordRule,
    });
    expect(fieldMessages(ResetPasswordFormSchema, { password: 'Clave1234', confirmPassword: 'Clave12' })).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    });
    const form = ResetPasswordFormSchema.parse({
      password: 'Clave1234',
      confirmPassword: 'Clave1234',
    });
    expect(toResetPasswordPayload(form)).toEqual({ password: 'Clave1234' });
  });
});

describe('profile form', () => {
  const profile = {
    name: 'Ana',
    lastname: 'Gómez',
    email: 'ana@example.com',
    doc_type: 'CC',
    doc_number: '123',
    phone: '3001234567',
    birthday: '1990-05-17',
    sex: 'F',
  };

  it('accepts a profile without a password and never forwards read-only fields', () => {
    const form = ProfileFormSchema.parse(profile);
    expect(toProfilePayload(form)).toEqual({
      name: 'Ana',
      lastname: 'Gómez',
      phone: '3001234567',
      birthday: '1990-05-17',
      sex: 'F',
    });
  });

  it('tolerates an empty sex but not another value', () => {
    expect(ProfileFormSchema.safeParse({ ...profile, sex: '' }).success).toBe(true);
    expect(fieldMessages(ProfileFormSchema, { ...profile, sex: 'X' })).toEqual({
      sex: 'Seleccione un sexo',
    });
  });

  it.each(['', '2001-02-29', 'ayer'])('rejects the birthday %j', (birthday) => {
    expect(fieldMessages(ProfileFormSchema, { ...profile, birthday })).toEqual({
      birthday: 'La fecha no es válida',
    });
  });

  it('requires name and lastname', () => {
    expect(fieldMessages(ProfileFormSchema, { ...profile, name: ' ', lastname: '' })).toEqual({
      name: 'El nombre es requerido',
      lastname: 'El apellido es requerido',
    });
  });

  it('asks for the confirmation once a password is typed', () => {
    expect(fieldMessages(ProfileFormSchema, { ...profile, password: 'Clave1234' })).toEqual({
      confirmPassword: 'Confirma la contraseña',
    });
  });

  it('requires the confirmation to match', () => {
    expect(
      fieldMessages(ProfileFormSchema, {
        ...profile,
        password: 'Clave1234',
        confirmPassword: 'Clave4321',
      }),
    ).toEqual({ confirmPassword: 'Las contraseñas deben coincidir' });
  });

  it('applies the password rule to a typed password', () => {
    expect(fieldMessages(ProfileFormSchema, { ...profile, password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: MESSAGES.passwordRule,
    });
  });

  it('sends a typed and confirmed password upstream', () => {
    const form = ProfileFormSchema.parse({
      ...profile,
      password: 'Clave1234',
      confirmPassword: 'Clave1234',
    });
    expect(toProfilePayload(form)).toMatchObject({
      password: 'Clave1234',
      password_confirmation: 'Clave1234',
    });
  });
});

describe('verification code', () => {
  it('must not be blank once trimmed', () => {
    expect(fieldMessages(VerificationCodeFormSchema, { code: '   ' })).toEqual({
      code: MESSAGES.verificationCodeRequired,
    });
    expect(VerificationCodeFormSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(MESSAGES.verificationCodeTitle).toBe('Datos incompletos');
  });
});
