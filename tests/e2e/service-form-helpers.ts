import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** What the service-form specs share: files to attach, the captcha, and what reached the sandbox. */

const sandboxUrl = process.env.SANDBOX_URL ?? 'http://127.0.0.1:4612';

export const MB = 1024 * 1024;
export const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
export const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
export const executable = (size: number) =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(size - 8)]);
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface StoredSubmission {
  kind: 'pqrs' | 'ethics';
  radicado: string;
  fields: Record<string, string>;
  attachments: Array<{ field: string; name: string; size: number; sha256: string }>;
}

export async function storedSubmissions(): Promise<StoredSubmission[]> {
  const response = await fetch(`${sandboxUrl}/sandbox/submissions`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { data: StoredSubmission[] }).data;
}

/** Ticks 'No soy un robot' and waits for the proof of work to finish. */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  // As a person does: bring the captcha into view, which loads the widget (it is lazy).
  await widget.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // A click starts the work; the box shows as checked only once the proof is found.
  await widget.getByRole('checkbox').click();
  await expect(widget.getByText('Verificado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(widget.getByRole('checkbox')).toBeChecked();
}

/** Writes files into the test's own output folder: a chosen file has a path and a date, as a person's does. */
export function filesOnDisk(folder: string, files: Record<string, Buffer>): Record<string, string> {
  mkdirSync(folder, { recursive: true });
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => {
      const path = join(folder, name);
      writeFileSync(path, bytes);
      return [name, path];
    }),
  );
}

/**
 * Replaces a chosen file's bytes with an executable of the same size, keeping its dates: the
 * browser still sends it (it checks size and date), and only the BFF can tell.
 */
export function turnIntoExecutable(path: string): void {
  const { atime, mtime, size } = statSync(path);
  writeFileSync(path, executable(size));
  utimesSync(path, atime, mtime);
}
