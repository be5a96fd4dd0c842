import { describe, expect, it } from 'vitest';
import {
  ETHICS_ATTACHMENT_RULES,
  EthicsFieldsSchema,
  EthicsFormSchema,
  PQR_ATTACHMENT_RULES,
  PqrFormSchema,
  attachmentBaseName,
  attachmentExtension,
  attachmentListProblem,
} from '#shared/validation/service-forms.ts';
import { fieldMessages } from './validation-helpers.ts';

const MB = 1024 * 1024;
const file = (name: string, size = 10) => ({ name, size });

const validPqr = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '3001234567',
  type_pqr: 'Queja',
  message: 'La película empezó tarde.',
  accept_terms: true,
  captcha: 'eyJwYXlsb2FkIjp0cnVlfQ==',
  attachments: [],
};

const validEthics = {
  details: 'Vi algo que no está bien.',
  company: 'Proveedor de confitería',
  whistleblower: 'Empleado',
  name: '',
  email: '',
  captcha: 'eyJwYXlsb2FkIjp0cnVlfQ==',
  attachments: [],
};

describe('PQR form', () => {
  it('accepts a complete PQR', () => {
    expect(PqrFormSchema.safeParse(validPqr).success).toBe(true);
  });

  it('shows the spec texts for the data-protection checkbox and the captcha', () => {
    expect(fieldMessages(PqrFormSchema, { ...validPqr, accept_terms: false, captcha: '' })).toEqual({
      accept_terms: 'Debes aceptar la Política de Protección de Datos Personales',
      captcha: 'Por favor, completa el captcha',
    });
  });

  it('requires name, e-mail, phone, type and message, one message each', () => {
    const messages = fieldMessages(PqrFormSchema, {
      accept_terms: true,
      captcha: 'x',
      attachments: [],
    });
    expect(Object.keys(messages).sort()).toEqual(['email', 'message', 'name', 'phone', 'type_pqr']);
    expect(messages.email).toBe('El correo electrónico es requerido');
    expect(fieldMessages(PqrFormSchema, { ...validPqr, email: 'ana@' })).toEqual({
      email: 'Correo electrónico inválido',
    });
  });

  it('takes only the four PQR types and a phone of digits', () => {
    expect(fieldMessages(PqrFormSchema, { ...validPqr, type_pqr: 'Petición' })).toHaveProperty('type_pqr');
    for (const type of ['Felicitación', 'Queja', 'Reclamo', 'Sugerencia']) {
      expect(PqrFormSchema.safeParse({ ...validPqr, type_pqr: type }).success).toBe(true);
    }
    expect(fieldMessages(PqrFormSchema, { ...validPqr, phone: '300-123' })).toHaveProperty('phone');
  });

  it('allows five attachments and refuses a sixth with the spec text', () => {
    const five = ['a.pdf', 'b.docx', 'c.PNG', 'd.jpeg', 'e.mp4'].map((name) => file(name));
    expect(PqrFormSchema.safeParse({ ...validPqr, attachments: five }).success).toBe(true);
    expect(fieldMessages(PqrFormSchema, { ...validPqr, attachments: [...five, file('f.pdf')] })).toEqual({
      attachments: 'Máximo 5 archivos permitidos',
    });
  });

  it('refuses other file types with the spec text, whatever the case of the extension', () => {
    expect(fieldMessages(PqrFormSchema, { ...validPqr, attachments: [file('setup.exe')] })).toEqual({
      attachments: 'Solo se permiten archivos: PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, JPG, JPEG, PNG o MP4.',
    });
    expect(PqrFormSchema.safeParse({ ...validPqr, attachments: [file('FOTO.JPG')] }).success).toBe(true);
  });

  it('keeps the chosen files themselves (no copies) in its output', () => {
    const chosen = file('carta.pdf');
    const parsed = PqrFormSchema.parse({ ...validPqr, attachments: [chosen] });
    expect(parsed.attachments[0]).toBe(chosen);
  });
});

describe('ethics report', () => {
  it('accepts a report without name and e-mail', () => {
    expect(EthicsFormSchema.safeParse(validEthics).success).toBe(true);
    expect(EthicsFieldsSchema.safeParse({ ...validEthics, name: undefined, email: undefined }).success).toBe(true);
  });

  it('requires details, company, reporter type and captcha', () => {
    const messages = fieldMessages(EthicsFormSchema, { attachments: [] });
    expect(Object.keys(messages).sort()).toEqual(['captcha', 'company', 'details', 'whistleblower']);
    expect(messages.captcha).toBe('Por favor, completa el captcha');
  });

  it('takes the seven reporter types only', () => {
    for (const type of [
      'Visitante',
      'Comunidad',
      'Empleado',
      'Proveedor',
      'Contratista',
      'Inversionista',
      'Otro interesado',
    ]) {
      expect(EthicsFormSchema.safeParse({ ...validEthics, whistleblower: type }).success).toBe(true);
    }
    expect(fieldMessages(EthicsFormSchema, { ...validEthics, whistleblower: 'Anónimo' })).toHaveProperty(
      'whistleblower',
    );
  });

  it('takes a name of letters and spaces only, accents included', () => {
    expect(EthicsFormSchema.safeParse({ ...validEthics, name: 'José Ñúñez' }).success).toBe(true);
    expect(fieldMessages(EthicsFormSchema, { ...validEthics, name: 'R2D2' })).toEqual({
      name: 'Solo se permiten letras',
    });
    expect(fieldMessages(EthicsFormSchema, { ...validEthics, name: 'Ana-María' })).toEqual({
      name: 'Solo se permiten letras',
    });
  });

  it('checks an e-mail only when one is given', () => {
    expect(fieldMessages(EthicsFormSchema, { ...validEthics, email: 'nope' })).toEqual({
      email: 'Correo electrónico inválido',
    });
  });

  it('allows 5 MB of attachments in total and refuses more with the spec text', () => {
    const exactly = [file('a.pdf', 3 * MB), file('b.png', 2 * MB)];
    expect(EthicsFormSchema.safeParse({ ...validEthics, attachments: exactly }).success).toBe(true);
    expect(fieldMessages(EthicsFormSchema, { ...validEthics, attachments: [...exactly, file('c.jpg', 1)] })).toEqual({
      attachments: 'El tamaño total de los archivos no debe superar 5 MB',
    });
    expect(ETHICS_ATTACHMENT_RULES.maxTotalBytes).toBe(5_242_880);
  });
});

describe('attachment rules', () => {
  it('reads extensions case-insensitively and refuses anything else', () => {
    expect(attachmentExtension('Informe.PDF')).toBe('pdf');
    expect(attachmentExtension('foto.final.JpEg')).toBe('jpeg');
    expect(attachmentExtension('virus.pdf.exe')).toBeNull();
    expect(attachmentExtension('sin-extension')).toBeNull();
  });

  it('drops any folder from a file name and refuses names that climb out of one', () => {
    expect(attachmentBaseName('C:\\Users\\ana\\carta.pdf')).toBe('carta.pdf');
    expect(attachmentBaseName('fotos/recibo.png')).toBe('recibo.png');
    expect(attachmentBaseName('../../etc/passwd.pdf')).toBeNull();
    expect(attachmentBaseName('..\\..\\boot.ini.pdf')).toBeNull();
    expect(attachmentBaseName('carpeta/')).toBeNull();
    expect(attachmentBaseName('a\u0000b.pdf')).toBe('ab.pdf');
  });

  it('refuses empty files and, for a PQR, files over 10 MB each', () => {
    expect(attachmentListProblem([file('a.pdf', 0)], PQR_ATTACHMENT_RULES)).toBe('El archivo está vacío');
    expect(attachmentListProblem([file('a.mp4', 10 * MB + 1)], PQR_ATTACHMENT_RULES)).toBe(
      'Cada archivo debe pesar máximo 10 MB',
    );
    expect(attachmentListProblem([file('a.mp4', 10 * MB)], PQR_ATTACHMENT_RULES)).toBeNull();
  });
});
