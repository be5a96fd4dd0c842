import type { EthicsFields, PqrFields } from '#shared/validation/service-forms.ts';

/**
 * The two sides of a service form's text fields. The browser sends the fields of our own
 * schemas (shared/validation/service-forms.ts) by their names, a checkbox as 'true'; the BFF
 * reads them into the schema's input, and only here are they turned into what the cinema API's
 * `POST pqrs` and `POST ethics` take (shared/cinema-api/forms.ts).
 */

type TextFields = ReadonlyMap<string, string>;

/** A checked box as multipart text: 'true' (ours), or what an HTML form or the API sends ('on', '1'). */
const isChecked = (value: string | undefined): boolean => value === 'true' || value === 'on' || value === '1';

/** The PQR schema's input from the multipart text fields. */
export function readPqrFields(text: TextFields): Record<keyof PqrFields, unknown> {
  return {
    name: text.get('name'),
    email: text.get('email'),
    phone: text.get('phone'),
    type_pqr: text.get('type_pqr'),
    message: text.get('message'),
    accept_terms: isChecked(text.get('accept_terms')),
    captcha: text.get('captcha'),
  };
}

/** The ethics report schema's input from the multipart text fields (name and e-mail may be absent). */
export function readEthicsFields(text: TextFields): Record<keyof EthicsFields, unknown> {
  return {
    details: text.get('details'),
    company: text.get('company'),
    whistleblower: text.get('whistleblower'),
    name: text.get('name') ?? '',
    email: text.get('email') ?? '',
    captcha: text.get('captcha'),
  };
}

/**
 * The text fields the cinema API's `POST pqrs` receives, in order. `accept_terms` goes as
 * '1' or '0'; the captcha is collected and verified (by the BFF) but never sent (spec).
 */
export function toPqrUpstreamFields(fields: PqrFields): Array<[string, string]> {
  return [
    ['name', fields.name],
    ['email', fields.email],
    ['phone', fields.phone],
    ['type_pqr', fields.type_pqr],
    ['message', fields.message],
    ['accept_terms', fields.accept_terms ? '1' : '0'],
  ];
}

/**
 * The text fields the cinema API's `POST ethics` receives, in order: name and e-mail only
 * when filled. The captcha is in the spec's payload, so the verified (and by then spent)
 * proof is passed on; see bff/decisions/service-forms-and-captcha.md for why.
 */
export function toEthicsUpstreamFields(fields: EthicsFields): Array<[string, string]> {
  const entries: Array<[string, string]> = [
    ['details', fields.details],
    ['company', fields.company],
    ['whistleblower', fields.whistleblower],
  ];
  if (fields.name !== '') entries.push(['name', fields.name]);
  if (fields.email !== '') entries.push(['email', fields.email]);
  entries.push(['captcha', fields.captcha]);
  return entries;
}
