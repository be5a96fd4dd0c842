import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { isPrivateOrSecure } from '#bff/plugins/config.ts';
import { createCinemaTransport } from '#bff/plugins/upstream-transport.ts';
import { runConformance, type CallLine, type CheckOptions, type TestCard } from './conformance.ts';

/**
 * `npm run check:upstream -- --url <base> [--account] [--purchase]`: an operator's check that a
 * cinema API (staging first) answers what the BFF expects. One line a call, a closing count, exit
 * 1 on a difference and 2 on a usage problem. The API's secrets come from the BFF's own
 * variables (CINEMA_*); the account and the test card from UPSTREAM_CHECK_* or a prompt. No
 * secret is ever printed. Output format: docker/README.md ("Checking a cinema API").
 */

const SECRET_VARIABLES = {
  apiKey: 'CINEMA_API_KEY',
  actionKey: 'CINEMA_ACTION_KEY',
  registerCode: 'CINEMA_REGISTER_CODE',
  registrationKey: 'CINEMA_REGISTRATION_KEY',
} as const;

const USAGE = `Usage: npm run check:upstream -- --url <API root, e.g. https://staging.example.co/api/v1> [--account] [--purchase]
  --account   also log in (UPSTREAM_CHECK_EMAIL, UPSTREAM_CHECK_PASSWORD, or asked) and read the account
  --purchase  also reserve a seat, pay it with a test card (UPSTREAM_CHECK_CARD_NUMBER, _CVC, _EXPIRY MM/YYYY,
              or asked) and cancel the hold; implies --account
Secrets: CINEMA_API_KEY, CINEMA_ACTION_KEY, CINEMA_REGISTER_CODE, CINEMA_REGISTRATION_KEY (as the BFF).`;

class UsageError extends Error {}

const env = (name: string): string | undefined => {
  const value = process.env[name]?.trim();
  return value === '' ? undefined : value;
};

const isLoopback = (url: URL): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

function secretsFor(url: URL) {
  const entries = Object.entries(SECRET_VARIABLES).map(([key, variable]) => {
    const value = env(variable);
    if (value !== undefined) return [key, value] as const;
    // The development values only open a sandbox on this machine.
    if (isLoopback(url)) return [key, DEV_SECRETS[variable]] as const;
    throw new UsageError(`${variable} is not set: the check sends the same secrets as the BFF.`);
  });
  return Object.fromEntries(entries) as Record<keyof typeof SECRET_VARIABLES, string>;
}

/** Reads a line from the terminal; `hidden` echoes nothing (a password, a card). */
async function ask(question: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = reader.question(question);
    muted = hidden;
    const text = await answer;
    if (hidden) process.stderr.write('\n');
    return text.trim();
  } finally {
    reader.close();
  }
}

async function valueOf(variable: string, question: string, hidden: boolean): Promise<string> {
  const value = env(variable);
  if (value !== undefined) return value;
  if (!process.stdin.isTTY) throw new UsageError(`${variable} is not set and there is no terminal to ask on.`);
  const answer = await ask(question, hidden);
  if (answer === '') throw new UsageError(`${variable}: nothing given.`);
  return answer;
}

async function testCard(): Promise<TestCard> {
  const number = (await valueOf('UPSTREAM_CHECK_CARD_NUMBER', 'Test card number: ', true)).replace(/[\s-]/g, '');
  const cvc = await valueOf('UPSTREAM_CHECK_CARD_CVC', 'Its security code: ', true);
  const expiry = await valueOf('UPSTREAM_CHECK_CARD_EXPIRY', 'Its expiry (MM/YYYY): ', false);
  const match = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(expiry);
  if (!/^\d{12,19}$/.test(number)) throw new UsageError('UPSTREAM_CHECK_CARD_NUMBER: 12 to 19 digits.');
  if (!match) throw new UsageError('UPSTREAM_CHECK_CARD_EXPIRY: MM/YYYY, e.g. 12/2030.');
  return { number, cvc, expMonth: match[1]!, expYear: match[2]! };
}

export function formatLine(line: CallLine): string {
  return `${line.outcome.padEnd(4)}  ${line.name.padEnd(44)}  ${String(line.status ?? '---').padEnd(3)}  ${line.detail}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      account: { type: 'boolean', default: false },
      purchase: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const base = values.url ?? env('UPSTREAM_URL');
  if (base === undefined) throw new UsageError('Name the API with --url (or UPSTREAM_URL).');
  let url: URL;
  try {
    url = new URL(base.replace(/\/+$/, ''));
  } catch {
    throw new UsageError(`--url is not a URL: ${base}`);
  }
  if (!isPrivateOrSecure(url.toString())) {
    throw new UsageError(
      '--url must be https unless it is on this host or a private network name (the secrets travel with every call).',
    );
  }
  const options: CheckOptions = {};
  if (values.account || values.purchase) {
    const email = await valueOf('UPSTREAM_CHECK_EMAIL', 'Account e-mail: ', false);
    const password = await valueOf('UPSTREAM_CHECK_PASSWORD', 'Its password: ', true);
    options.account = { email, password };
  }
  if (values.purchase) options.card = await testCard();

  const transport = createCinemaTransport({
    upstreamUrl: url.toString().replace(/\/+$/, ''),
    upstreamTimeoutMs: Number(env('UPSTREAM_TIMEOUT_MS') ?? 4000),
    upstreamWriteTimeoutMs: Number(env('UPSTREAM_WRITE_TIMEOUT_MS') ?? 20000),
    cinema: secretsFor(url),
  });
  console.log(`check:upstream ${url.origin}${url.pathname}`);
  try {
    const summary = await runConformance(transport, options, (line) => console.log(formatLine(line)));
    const total = summary.ok + summary.failed + summary.skipped;
    console.log(
      `${summary.failed === 0 ? 'passed' : 'failed'}: ${total} calls, ${summary.ok} ok, ${summary.failed} differ, ${summary.skipped} skipped`,
    );
    return summary.failed === 0 ? 0 : 1;
  } finally {
    await transport.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`check:upstream: ${error.message}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error('check:upstream failed:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    }
  },
);
