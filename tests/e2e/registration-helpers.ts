import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { tickRobotCheck } from './robot-check.ts';

/** A person who has never registered: a unique e-mail and document number each call. */
export function newPerson(name = 'Valentina') {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name,
    lastname: 'Prueba',
    email: `e2e.${unique}@correo.test`,
    docNumber: String(Math.floor(1_000_000_000 + Math.random() * 8_999_999_999)),
    phone: '3001234567',
    birthday: '1995-04-20',
  };
}
export type NewPerson = ReturnType<typeof newPerson>;

/**
 * Fills the registration form as a person does (the e-mail typed in capitals: it is sent in
 * lower case), accepts both documents and ticks the robot check; 'Registrarme' is the caller's.
 */
export async function fillRegistration(page: Page, person: NewPerson, password: string): Promise<void> {
  await page.getByLabel('Nombre').fill(person.name);
  await page.getByLabel('Apellido').fill(person.lastname);
  await page.getByLabel('Correo electrónico', { exact: true }).fill(person.email.toUpperCase());
  await page.getByLabel('Confirmar correo electrónico').fill(person.email.toUpperCase());
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar contraseña').fill(password);
  await page.getByLabel('Tipo de documento').selectOption('CC');
  await page.getByLabel('Número de documento', { exact: true }).fill(person.docNumber);
  await page.getByLabel('Confirmar número de documento').fill(person.docNumber);
  await page.getByLabel('Celular').fill(person.phone);
  await page.getByLabel('Fecha de nacimiento').fill(person.birthday);
  await page.getByLabel('Sexo').selectOption('F');
  await page.getByLabel('Acepto los Términos y Condiciones').check();
  await page.getByLabel('Acepto la Política de Privacidad').check();
  // The robot check: a real proof of work, verified by the BFF before it asks for a register token.
  await tickRobotCheck(page);
}

const sandboxUrl = (): string => process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';

interface OutboxEntry {
  id: number;
  kind: 'verification-code' | 'password-reset';
  code: string | null;
}

/** The verification codes the sandbox sent to `email` (its outbox, as the person's mailbox), newest first. */
export async function verificationCodes(request: APIRequestContext, email: string): Promise<OutboxEntry[]> {
  const response = await request.get(`${sandboxUrl()}/sandbox/outbox.json?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: OutboxEntry[] };
  return data.filter((entry) => entry.kind === 'verification-code').sort((a, b) => b.id - a.id);
}

/** The newest verification code sent to `email` after the message `afterId` (0: any), once it has arrived. */
export async function newestVerificationCode(request: APIRequestContext, email: string, afterId = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const newest = (await verificationCodes(request, email))[0];
      code = newest && newest.id > afterId ? newest.code : null;
      return code !== null;
    })
    .toBe(true);
  return code ?? '';
}

/**
 * What a browser's saved contact card holds for `person`, by the autocomplete token that asks
 * for it: the group of fields a browser fills in one tap (`autofillContact`). Browsers differ on
 * `bday` (Safari's card has it, Chromium fills none today): one typed date more there.
 */
function contactCard(person: NewPerson): Readonly<Record<string, string>> {
  return {
    'given-name': person.name,
    'family-name': person.lastname,
    email: person.email,
    tel: person.phone,
    'tel-national': person.phone,
    bday: person.birthday,
  };
}

/**
 * A browser's autofill, modelled honestly: one tap fills every field of the form whose
 * `autocomplete` names a part of the person's contact card (the confirmation of the e-mail
 * too, when it says `email`), and nothing else. Answers the tokens it filled, in form order.
 */
export async function autofillContact(form: Locator, person: NewPerson): Promise<string[]> {
  const card = contactCard(person);
  const filled: string[] = [];
  for (const field of await form.locator('input[autocomplete], select[autocomplete]').all()) {
    const token = ((await field.getAttribute('autocomplete')) ?? '').trim().split(/\s+/).at(-1) ?? '';
    const value = card[token];
    if (value === undefined) continue;
    await field.fill(value);
    filled.push(token);
  }
  return filled;
}

// Chromium's generator leaves out characters that look alike (l, I, O, 0, 1).
const GENERATED = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
} as const;

/**
 * The browser's suggested password, as Chromium's generator makes one: letters of both cases and
 * digits, no symbols, as long as the field's `maxlength` allows (15 without one), filled into
 * every `new-password` field of the form at once (the confirmation too). Answers the password.
 */
export async function acceptSuggestedPassword(form: Locator): Promise<string> {
  const fields = form.locator('input[autocomplete="new-password"]');
  const maxLength = Number((await fields.first().getAttribute('maxlength')) ?? '15');
  const length = Math.min(15, maxLength);
  const pick = (alphabet: string): string => alphabet[Math.floor(Math.random() * alphabet.length)] ?? 'a';
  const all = `${GENERATED.lower}${GENERATED.upper}${GENERATED.digits}`;
  const characters = [pick(GENERATED.lower), pick(GENERATED.upper), pick(GENERATED.digits)];
  while (characters.length < length) characters.push(pick(all));
  const password = characters.sort(() => Math.random() - 0.5).join('');
  for (const field of await fields.all()) await field.fill(password);
  return password;
}
