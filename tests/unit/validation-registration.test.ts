import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/validation/messages.ts';
import { DOC_TYPE_LABELS, DOC_TYPES, SEX_LABELS } from '#shared/validation/options.ts';
import { RegistrationFormSchema, toRegistrationPayload } from '#shared/validation/registration.ts';
import { VALID_REGISTRATION as validForm, fieldMessages } from './validation-helpers.ts';

describe('registration form', () => {
  it('accepts a complete form and fills the device', () => {
    const result = RegistrationFormSchema.parse(validForm);
    expect(result.device).toBe('web');
  });

  it('names every required field with its spec message', () => {
    const messages = fieldMessages(RegistrationFormSchema, {});
    expect(messages).toMatchObject({
      name: 'El nombre es requerido',
      lastname: 'El apellido es requerido',
      email: 'El correo electrónico es requerido',
      password:
        'La contraseña debe tener de 8 a 12 caracteres, incluir al menos una letra mayúscula, una minúscula, un número y no contener caracteres especiales',
      doc_type: MESSAGES.docTypeRequired,
      doc_number: MESSAGES.docNumberRequired,
      phone: MESSAGES.phoneRequired,
      birthday: MESSAGES.birthdayRequired,
      sex: 'Seleccione un sexo',
      accept_terms: 'Debes aceptar los Términos y Condiciones',
      accept_privacy: 'Debes aceptar la Política de Privacidad',
      captcha: 'Debes confirmar que no eres un robot',
    });
  });

  it('treats blank text as missing', () => {
    const messages = fieldMessages(RegistrationFormSchema, {
      ...validForm,
      name: '   ',
      lastname: '',
      email: '  ',
      captcha: '',
    });
    expect(messages).toEqual({
      name: 'El nombre es requerido',
      lastname: 'El apellido es requerido',
      email: 'El correo electrónico es requerido',
      confirmEmail: 'Los correos electrónicos no coinciden',
      captcha: 'Debes confirmar que no eres un robot',
    });
  });

  it('rejects an invalid e-mail', () => {
    const messages = fieldMessages(RegistrationFormSchema, {
      ...validForm,
      email: 'ana@',
      confirmEmail: 'ana@',
    });
    expect(messages).toEqual({ email: 'Correo electrónico inválido' });
  });

  it('reports each confirm field that differs from its original', () => {
    const messages = fieldMessages(RegistrationFormSchema, {
      ...validForm,
      confirmEmail: 'otra@example.com',
      confirmPassword: 'Clave12345',
      confirmDocNumber: '999',
    });
    expect(messages).toEqual({
      confirmEmail: 'Los correos electrónicos no coinciden',
      confirmPassword: 'Las contraseñas no coinciden',
      confirmDocNumber: 'Los números de documento no coinciden',
    });
  });

  it('requires both acceptance checkboxes to be ticked', () => {
    const messages = fieldMessages(RegistrationFormSchema, {
      ...validForm,
      accept_terms: false,
      accept_privacy: false,
    });
    expect(messages).toEqual({
      accept_terms: 'Debes aceptar los Términos y Condiciones',
      accept_privacy: 'Debes aceptar la Política de Privacidad',
    });
  });

  it.each(['CC', 'CE', 'PPN', 'NIT'])('accepts document type %s', (docType) => {
    expect(RegistrationFormSchema.safeParse({ ...validForm, doc_type: docType }).success).toBe(true);
  });

  it('rejects another document type, sex or device', () => {
    const messages = fieldMessages(RegistrationFormSchema, {
      ...validForm,
      doc_type: 'TI',
      sex: 'X',
      device: 'android',
    });
    expect(messages).toEqual({
      doc_type: MESSAGES.docTypeRequired,
      sex: 'Seleccione un sexo',
      device: MESSAGES.deviceRequired,
    });
  });

  it.each(['M', 'F'])('accepts sex %s', (sex) => {
    expect(RegistrationFormSchema.safeParse({ ...validForm, sex }).success).toBe(true);
  });

  it.each(['1990-02-30', '17/05/1990', '1990-13-01', 'mañana'])(
    'rejects the birthday %s as not a valid date',
    (birthday) => {
      expect(fieldMessages(RegistrationFormSchema, { ...validForm, birthday })).toEqual({
        birthday: 'La fecha no es válida',
      });
    },
  );

  it('labels the document types and sexes in Spanish', () => {
    expect(DOC_TYPES).toEqual(['CC', 'CE', 'PPN', 'NIT']);
    expect(DOC_TYPE_LABELS).toEqual({
      CC: 'Cédula de ciudadanía',
      CE: 'Cédula de extranjería',
      PPN: 'Pasaporte',
      NIT: 'NIT',
    });
    expect(SEX_LABELS).toEqual({ M: 'Masculino', F: 'Femenino' });
  });

  it('builds the upstream payload without confirm fields, accept flags or captcha, e-mail lowercased', () => {
    const payload = toRegistrationPayload(RegistrationFormSchema.parse(validForm), 'robot-token');
    expect(payload).toEqual({
      name: 'Ana',
      lastname: 'Gómez',
      email: 'ana.gomez@example.com',
      password: 'Clave1234',
      doc_type: 'CC',
      doc_number: '1020304050',
      phone: '3001234567',
      birthday: '1990-05-17',
      sex: 'F',
      device: 'web',
      register_token: 'robot-token',
    });
  });
});
