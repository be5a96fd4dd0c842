import type { Page } from '@playwright/test';
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
