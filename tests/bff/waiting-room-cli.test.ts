import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '#bff/waiting-room/operators/operator-cli.ts';
import { startStack, type Stack } from './harness.ts';
import { operatorClient } from './waiting-room-helpers.ts';

/** `npm run waiting-room`: what an operator types on presale morning, against a replica's operations port. */
const run = promisify(execFile);
let stack: Stack;
let ops: Awaited<ReturnType<typeof operatorClient>>;

beforeAll(async () => {
  stack = await startStack();
  ops = await operatorClient(stack.app);
}, 60_000);

afterAll(async () => {
  await ops?.close();
  await stack?.close();
});

const cli = async (...args: string[]) => {
  const { stdout } = await run(process.execPath, [
    'bff/waiting-room/operators/operator-cli.ts',
    '--ops',
    ops.origin,
    ...args,
  ]);
  return stdout;
};

describe('the waiting room CLI', () => {
  it('reads times as an operator writes them', () => {
    const now = Date.parse('2026-12-01T08:00:00-05:00');
    expect(instantOf('09:30', undefined, now)).toBe('2026-12-01T14:30:00.000Z');
    expect(instantOf('9:30', '2026-12-24', now)).toBe('2026-12-24T14:30:00.000Z');
    expect(instantOf('+15m', undefined, now)).toBe('2026-12-01T13:15:00.000Z');
    expect(instantOf('now', undefined, now)).toBe('2026-12-01T13:00:00.000Z');
    expect(instantOf('2026-12-01T10:00:00-05:00', undefined, now)).toBe('2026-12-01T10:00:00-05:00');
    expect(() => instantOf('mañana', undefined, now)).toThrow('not a time');
  });

  it('creates an event, changes it, opens, pauses and ends it, and shows its figures', async () => {
    const created = await cli(
      'create',
      'estreno',
      '--name',
      'Estreno de prueba',
      '--movies',
      'una-pelicula,otra',
      '--prequeue',
      '+1m',
      '--sale',
      '+10m',
      '--max-buyers',
      '400',
      '--per-minute',
      '300',
    );
    expect(created).toContain('estreno · Estreno de prueba · scheduled (before) · películas una-pelicula, otra');
    expect(await cli('set', 'estreno', '--per-minute', '120', '--captcha')).toContain(
      '400 comprando a la vez · 120 nuevos por minuto · pase sin usar 300 s · captcha sí',
    );
    expect(await cli('open', 'estreno')).toContain('open (selling)');
    expect(await cli('pause', 'estreno')).toContain('paused (paused)');
    const shown = JSON.parse(await cli('show', 'estreno', '--json')) as { figures: { waiting: number } };
    expect(shown.figures.waiting).toBe(0);
    expect(await cli('revoke', 'estreno', '--email', 'nadie@example.com')).toContain('"revoked":false');
    expect(await cli('end', 'estreno')).toContain('ended (ended)');
    expect(await cli('list')).toContain('estreno');
    // Eight processes started one after another: the suite's 20 s is one request's budget, not this.
  }, 120_000);

  it('says what went wrong', async () => {
    await expect(cli('open', 'no-existe')).rejects.toMatchObject({ stderr: expect.stringContaining('404') });
    await expect(cli('create', 'x')).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
