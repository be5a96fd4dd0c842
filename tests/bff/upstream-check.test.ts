import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '#sandbox/app.ts';
import { cinemaNames } from '#shared/cinema-api/api.ts';

/**
 * `npm run check:upstream` as an operator runs it, against a sandbox over HTTP: green on the
 * sandbox with every call asked once at least, red on a sandbox with one answer changed (naming
 * the field and the value), and never a secret in its output.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const SECRETS = {
  apiKey: 'check-api-key-7f3a',
  actionKey: 'check-action-key-91b2',
  registerCode: 'Y2hlY2stcmVnaXN0ZXItY29kZQ==',
  registrationKey: 'check-registration-key-c4d8',
};
const ACCOUNT = { email: 'demo@viziona.co', password: 'Demo1234' };
/** The provider's declining test card: the hold is not sold, the check cancels it. */
const CARD = '4151611527583283';

/** Calls the check never makes: they create accounts, send e-mails, file forms or start a bank payment. */
const LEFT_ALONE = [
  'POST /token/register',
  'POST /register',
  'PUT /profile',
  'POST /forgot',
  'POST /update-password/:code',
  'POST /code',
  'POST /code/validate',
  'POST /epayco/pse/pay',
  'POST /pqrs',
  'POST /ethics',
];

const running: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

async function startSandbox(change?: (url: string, body: unknown) => unknown): Promise<string> {
  const sandbox = buildSandbox({ db: ':memory:', secrets: SECRETS, images: 'placeholders' });
  if (change) {
    sandbox.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload !== 'string' || !request.url.startsWith('/api/v1/')) return payload;
      return JSON.stringify(change(request.url, JSON.parse(payload)));
    });
  }
  running.push(sandbox);
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/api/v1`;
}

function check(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bff/upstream-check/check-cli.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The environment passes on (a faked clock under `npm run test:hours` included).
      env: {
        ...process.env,
        CINEMA_API_KEY: SECRETS.apiKey,
        CINEMA_ACTION_KEY: SECRETS.actionKey,
        CINEMA_REGISTER_CODE: SECRETS.registerCode,
        CINEMA_REGISTRATION_KEY: SECRETS.registrationKey,
        UPSTREAM_CHECK_EMAIL: ACCOUNT.email,
        UPSTREAM_CHECK_PASSWORD: ACCOUNT.password,
        UPSTREAM_CHECK_CARD_NUMBER: CARD,
        UPSTREAM_CHECK_CARD_CVC: '123',
        UPSTREAM_CHECK_CARD_EXPIRY: `12/${new Date().getFullYear() + 3}`,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

function withoutCinemaSecrets(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CINEMA_')));
}

const linesOf = (output: string) => output.split('\n').filter((line) => /^(ok|FAIL|skip) /.test(line));

function expectNoSecret(output: string): void {
  for (const secret of [...Object.values(SECRETS), ACCOUNT.password, CARD, CARD.slice(-4)]) {
    expect(output).not.toContain(secret);
  }
  expect(output).not.toMatch(/Bearer|token":/i);
}

describe('npm run check:upstream', () => {
  it('is green on the sandbox, asking every declared call, and prints no secret', async () => {
    const url = await startSandbox();
    const { code, output } = await check(['--url', url, '--purchase']);
    const lines = linesOf(output);
    expect(
      lines.filter((line) => !line.startsWith('ok ')),
      output,
    ).toEqual([]);
    expect(code).toBe(0);
    expect(output).toMatch(/^passed: \d+ calls, \d+ ok, 0 differ, 0 skipped$/m);
    // Every declaration but the writes that would leave a trace on a real API is asked.
    const asked = new Set(lines.map((line) => line.split(/\s{2,}/)[1]));
    expect(cinemaNames.filter((name) => !asked.has(name)).sort()).toEqual([...LEFT_ALONE].sort());
    expect(output).toMatch(/^ok {4}POST \/epayco\/card\/pay\s+402 /m);
    expectNoSecret(output);
  });

  it('is red on an API whose one answer differs, naming the field and the value', async () => {
    const url = await startSandbox((path, body) => {
      if (!path.startsWith('/api/v1/settings')) return body;
      const { data } = body as { data: Array<Record<string, unknown>> };
      return { data: data.map((setting, index) => (index === 0 ? { ...setting, value: 2000 } : setting)) };
    });
    const { code, output } = await check(['--url', url]);
    expect(code).toBe(1);
    expect(output).toMatch(/^FAIL {2}GET \/settings\s+200 {2}data\[0\]\.value: expected string, got 2000$/m);
    expect(linesOf(output).filter((line) => line.startsWith('FAIL'))).toHaveLength(1);
    expect(output).toMatch(/^failed: \d+ calls, \d+ ok, 1 differ, /m);
    expectNoSecret(output);
  });

  it('hides the value of a secret field it names, and skips what needs the session', async () => {
    const url = await startSandbox((path, body) =>
      path.startsWith('/api/v1/login') ? { ...(body as object), token: 42 } : body,
    );
    const { code, output } = await check(['--url', url, '--account']);
    expect(code).toBe(1);
    expect(output).toMatch(/^FAIL {2}POST \/login\s+200 {2}token: expected string, got \[hidden\]$/m);
    expect(output).toMatch(/^skip {2}GET \/profile\s+--- {2}no session: the log-in failed$/m);
    expectNoSecret(output);
  });

  it('refuses to send the secrets over plain http to another host, and names a missing secret', async () => {
    const plain = await check(['--url', 'http://api.example.co/api/v1']);
    expect(plain.code).toBe(2);
    expect(plain.output).toContain('--url must be https');
    const child = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const run = spawn(
        process.execPath,
        ['bff/upstream-check/check-cli.ts', '--url', 'https://api.example.co/api/v1'],
        {
          cwd: ROOT,
          env: withoutCinemaSecrets(),
        },
      );
      let output = '';
      run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      run.on('close', (exit) => resolve({ code: exit, output }));
    });
    expect(child.code).toBe(2);
    expect(child.output).toContain('CINEMA_API_KEY is not set');
  });
});
