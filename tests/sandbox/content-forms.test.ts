import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationErrorAnswerSchema } from '#shared/cinema-api/common.ts';
import {
  ContentItemsAnswerSchema,
  ContentPageAnswerSchema,
  SETTING_KEYS,
  SettingsAnswerSchema,
} from '#shared/cinema-api/content.ts';
import { SubmissionAnswerSchema } from '#shared/cinema-api/forms.ts';
import { BanksAnswerSchema } from '#shared/cinema-api/payments.ts';
import { startSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

interface Submission {
  kind: string;
  fields: Record<string, string>;
  attachments: { name: string; size: number; sha256: string }[];
}

describe('content', () => {
  it('lists both footer groups', async () => {
    for (const type of ['pie-de-pagina-1', 'pie-de-pagina-2']) {
      const answer = await sandbox.call(`content-types/${type}/contents`);
      expect(answer.status).toBe(200);
      expect(ContentItemsAnswerSchema.parse(answer.body).data.length).toBeGreaterThan(0);
    }
    const first = ContentItemsAnswerSchema.parse(
      (await sandbox.call('content-types/pie-de-pagina-1/contents')).body,
    ).data;
    expect(first.map((item) => item.slug)).toEqual(
      expect.arrayContaining([
        'terminos-y-condiciones',
        'politica-de-privacidad',
        'terminos-y-condiciones-club-vizionarios',
      ]),
    );
  });

  it('an unknown content type is 404', async () => {
    expect((await sandbox.call('content-types/otro/contents')).status).toBe(404);
  });

  it('reads a page by id and by slug, with HTML content', async () => {
    const byId = ContentPageAnswerSchema.parse((await sandbox.call('contents/1')).body).data;
    expect(byId.slug).toBe('terminos-y-condiciones');
    expect(byId.content).toContain('<p>');
    for (const slug of ['corporativo', 'alquiler-de-sala', 'bonos', 'bonos-de-regalo', 'activacion', 'branding']) {
      const answer = await sandbox.call(`contents/slug/${slug}`);
      expect(answer.status, slug).toBe(200);
      expect(ContentPageAnswerSchema.parse(answer.body).data.slug).toBe(slug);
    }
  });

  it('unknown pages are 404', async () => {
    expect((await sandbox.call('contents/999')).status).toBe(404);
    expect((await sandbox.call('contents/slug/no-existe')).status).toBe(404);
  });
});

describe('settings and banks', () => {
  it('has every settings key; the numeric ones parse as integers, the popup is whole', async () => {
    const { data } = SettingsAnswerSchema.parse((await sandbox.call('settings')).body);
    expect(data.map((setting) => setting.key).sort()).toEqual([...SETTING_KEYS].sort());
    const value = (key: string) => data.find((setting) => setting.key === key)?.value ?? '';
    expect(Number.parseInt(value('maximo_entradas'), 10)).toBe(10);
    for (const key of ['ticket_servicio', 'confiteria_servicio', 'membresia_valor', 'membresia_servicio']) {
      expect(Number.parseInt(value(key), 10)).toBeGreaterThan(0);
    }
    const popup = data.find((setting) => setting.key === 'popup');
    expect(popup?.value.startsWith(`${sandbox.origin}/sandbox/images/`)).toBe(true);
    expect(popup?.complement).toBe('/club-vizionarios');
    expect(popup?.extra).toBe('_self');
  });

  it('lists PSE banks', async () => {
    const { data } = BanksAnswerSchema.parse((await sandbox.call('epayco/banks')).body);
    expect(data.length).toBeGreaterThan(3);
  });
});

function pqrForm(files: File[] = [], overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    name: 'Juan Soto',
    email: 'juan@correo.test',
    phone: '3001234567',
    type_pqr: 'Queja',
    message: 'La sala estaba fría.',
    accept_terms: '1',
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('attachments[]', file);
  return form;
}

const file = (name: string, size: number) =>
  new File([new Uint8Array(size).fill(7)], name, { type: 'application/pdf' });

describe('PQR', () => {
  it('stores fields and attachments, inspectable with name, size and sha256', async () => {
    const answer = await sandbox.call('pqrs', {
      method: 'POST',
      form: pqrForm([file('factura.PDF', 1200), file('foto.jpg', 300)]),
    });
    expect(answer.status).toBe(201);
    const created = SubmissionAnswerSchema.parse(answer.body).data;
    const list = await sandbox.tool<{ data: (Submission & { id: number })[] }>('submissions');
    const stored = list.body.data.find((submission) => submission.id === created.id);
    expect(stored?.kind).toBe('pqrs');
    expect(stored?.fields.type_pqr).toBe('Queja');
    expect(stored?.attachments.map((attachment) => [attachment.name, attachment.size])).toEqual([
      ['factura.PDF', 1200],
      ['foto.jpg', 300],
    ]);
    expect(stored?.attachments[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses more than five files, a bad extension, a bad type and unaccepted terms', async () => {
    const tooMany = await sandbox.call('pqrs', {
      method: 'POST',
      form: pqrForm(Array.from({ length: 6 }, (_, i) => file(`a${i}.pdf`, 10))),
    });
    expect(tooMany.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(tooMany.body).errors.attachments).toEqual([
      'Máximo 5 archivos permitidos',
    ]);
    const badExtension = await sandbox.call('pqrs', { method: 'POST', form: pqrForm([file('virus.exe', 10)]) });
    expect(badExtension.status).toBe(422);
    const badFields = await sandbox.call('pqrs', {
      method: 'POST',
      form: pqrForm([], { type_pqr: 'Otro', accept_terms: '0' }),
    });
    expect(badFields.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(badFields.body).errors;
    expect(errors.type_pqr).toBeDefined();
  });

  it('refuses an empty submission', async () => {
    const answer = await sandbox.call('pqrs', { method: 'POST', form: new FormData() });
    expect(answer.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(answer.body).errors.name).toBeDefined();
  });
});

function ethicsForm(files: File[] = [], overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = {
    details: 'Cobro irregular en taquilla.',
    company: 'Viziona',
    whistleblower: 'Visitante',
    captcha: 'prueba-captcha',
    ...overrides,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const item of files) form.append('attachments[]', item);
  return form;
}

describe('ethics', () => {
  it('stores an anonymous report with its files', async () => {
    const answer = await sandbox.call('ethics', { method: 'POST', form: ethicsForm([file('prueba.png', 2048)]) });
    expect(answer.status).toBe(201);
    const id = SubmissionAnswerSchema.parse(answer.body).data.id;
    const list = await sandbox.tool<{ data: (Submission & { id: number })[] }>('submissions');
    const stored = list.body.data.find((submission) => submission.id === id);
    expect(stored?.kind).toBe('ethics');
    expect(stored?.fields.name).toBeUndefined();
    expect(stored?.attachments[0]?.size).toBe(2048);
  });

  it('refuses files over 5 MB in total, a bad name and a missing captcha', async () => {
    const big = await sandbox.call('ethics', {
      method: 'POST',
      form: ethicsForm([file('a.pdf', 3 * 1024 * 1024), file('b.pdf', 3 * 1024 * 1024)]),
    });
    expect(big.status).toBe(422);
    expect(ValidationErrorAnswerSchema.parse(big.body).errors.attachments).toEqual([
      'El tamaño total de los archivos no debe superar 5 MB',
    ]);
    const bad = await sandbox.call('ethics', { method: 'POST', form: ethicsForm([], { name: 'R2-D2', captcha: '' }) });
    expect(bad.status).toBe(422);
    const errors = ValidationErrorAnswerSchema.parse(bad.body).errors;
    expect(errors.name).toEqual(['Solo se permiten letras']);
    expect(errors.captcha).toBeDefined();
  });
});
