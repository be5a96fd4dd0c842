import { describe, expect, it } from 'vitest';
import {
  readEthicsFields,
  readPqrFields,
  toEthicsUpstreamFields,
  toPqrUpstreamFields,
} from '#bff/forms/service-form-fields.ts';
import { EthicsFieldsSchema, PqrFieldsSchema } from '#shared/validation/service-forms.ts';

/** The multipart text fields as the site sends them: our schema's fields by name, a checkbox as 'true'. */
const sent = (fields: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(fields));

const pqr = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '3001234567',
  type_pqr: 'Queja',
  message: 'La película empezó tarde.',
  accept_terms: 'true',
  captcha: 'eyJwYXlsb2FkIjp0cnVlfQ==',
};

const ethics = {
  details: 'Vi algo que no está bien.',
  company: 'Proveedor de confitería',
  whistleblower: 'Empleado',
  name: '',
  email: '',
  captcha: 'eyJwYXlsb2FkIjp0cnVlfQ==',
};

describe('a PQR on the wire', () => {
  it('reads our fields, the checkbox as true, and sends the cinema API its own: accept_terms "1", never the captcha', () => {
    const fields = PqrFieldsSchema.parse(readPqrFields(sent(pqr)));
    expect(fields.accept_terms).toBe(true);
    expect(Object.fromEntries(toPqrUpstreamFields(fields))).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '3001234567',
      type_pqr: 'Queja',
      message: 'La película empezó tarde.',
      accept_terms: '1',
    });
  });

  it('reads an unchecked or missing box as not accepted', () => {
    for (const value of ['false', '0', '']) {
      expect(PqrFieldsSchema.safeParse(readPqrFields(sent({ ...pqr, accept_terms: value }))).success).toBe(false);
    }
    const { accept_terms: _missing, ...withoutBox } = pqr;
    expect(readPqrFields(sent(withoutBox)).accept_terms).toBe(false);
    expect(readPqrFields(sent({ ...pqr, accept_terms: 'on' })).accept_terms).toBe(true);
  });
});

describe('an ethics report on the wire', () => {
  it('sends name and e-mail upstream only when filled, and the spent captcha', () => {
    const without = toEthicsUpstreamFields(EthicsFieldsSchema.parse(readEthicsFields(sent(ethics))));
    expect(without.map(([name]) => name)).toEqual(['details', 'company', 'whistleblower', 'captcha']);
    const withBoth = toEthicsUpstreamFields(
      EthicsFieldsSchema.parse(readEthicsFields(sent({ ...ethics, name: ' Ana ', email: 'ana@example.com' }))),
    );
    expect(Object.fromEntries(withBoth)).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
  });

  it('takes a report whose name and e-mail parts are absent', () => {
    const { name: _name, email: _email, ...anonymous } = ethics;
    expect(EthicsFieldsSchema.safeParse(readEthicsFields(sent(anonymous))).success).toBe(true);
  });
});
