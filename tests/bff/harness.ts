import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildSandbox } from '#sandbox/app.ts';
import { buildApp, type BffApp } from '#bff/app.ts';
import type { WaitingRoomOptions } from '#bff/waiting-room/waiting-room-plugin.ts';
import { loadConfig, type BffConfig } from '#bff/plugins/config.ts';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';

/**
 * The BFF against a fresh in-memory sandbox listening on a real port: requests to the BFF go
 * through `app.inject`, the BFF reaches the sandbox over HTTP with its undici pool.
 */

export const SITE_ORIGIN = 'http://localhost:4321';

export type Stack = {
  app: BffApp;
  config: BffConfig;
  sandboxUrl: string;
  close(): Promise<void>;
};

export async function startStack(
  options: {
    env?: Record<string, string>;
    logStream?: DestinationStream;
    waitingRoom?: WaitingRoomOptions;
    sandboxDb?: string;
  } = {},
): Promise<Stack> {
  const { apps, config, sandboxUrl, close } = await startReplicas({ ...options, replicas: 1 });
  return { app: apps[0]!, config, sandboxUrl, close };
}

export type Replicas = {
  apps: BffApp[];
  config: BffConfig;
  sandboxUrl: string;
  close(): Promise<void>;
};

/**
 * Several BFF processes' worth of apps (each its own caches, locks and connections) in front
 * of one sandbox, as replicas behind a load balancer are; with `env.REDIS_URL` they share it.
 */
export async function startReplicas(options: {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  replicas: number;
  /** The waiting room's admission interval (and clock, store) of every replica. */
  waitingRoom?: WaitingRoomOptions;
  /** The sandbox's SQLite file, for a test that changes what the cinema API holds (in memory otherwise). */
  sandboxDb?: string;
}): Promise<Replicas> {
  const sandbox = buildSandbox({ db: options.sandboxDb ?? ':memory:' });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const { port } = sandbox.server.address() as AddressInfo;
  const sandboxUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    UPSTREAM_URL: `${sandboxUrl}/api/v1`,
    SITE_ORIGIN,
    ...googleWalletDoubleEnv(sandboxUrl),
    ...options.env,
  });
  const apps: BffApp[] = [];
  for (let index = 0; index < options.replicas; index += 1) {
    const app = await buildApp(config, { logStream: options.logStream, waitingRoom: options.waitingRoom });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    config,
    sandboxUrl,
    async close() {
      for (const app of apps) await app.close();
      await sandbox.close();
    },
  };
}

/** Google's Wallet API and token endpoint as the sandbox stands in for them (no internet here). */
export const googleWalletDoubleEnv = (sandboxUrl: string): Record<string, string> => ({
  GOOGLE_WALLET_API_URL: `${sandboxUrl}/google-wallet/walletobjects/v1`,
  GOOGLE_WALLET_TOKEN_URL: `${sandboxUrl}/google-wallet/token`,
});

/** Headers of a same-origin request from the site's own JavaScript. */
export const SAME_ORIGIN_HEADERS = {
  'x-viziona-client': 'web',
  origin: SITE_ORIGIN,
  'sec-fetch-site': 'same-origin',
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Answer = {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
  /** The `viziona_session` cookie set by this answer ('' when it clears it), if any. */
  cookie: string | undefined;
  setCookie: string | undefined;
};

export async function call(
  app: BffApp,
  method: Method,
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(method === 'GET' ? {} : SAME_ORIGIN_HEADERS),
    ...options.headers,
  };
  if (options.cookie !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.cookie}`;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const setCookie = [response.headers['set-cookie']]
    .flat()
    .find((value): value is string => typeof value === 'string' && value.startsWith(`${SESSION_COOKIE}=`));
  // Kept as the browser stores it (URL-encoded), ready to send back in a Cookie header.
  const cookie = setCookie ? (setCookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '') : undefined;
  let body: unknown;
  try {
    body = response.body === '' ? null : JSON.parse(response.body);
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers, cookie, setCookie };
}

let sequence = 0;

/** A complete, valid registration form for a new unique person. */
export function registrationForm(captcha: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.floor(Math.random() * 1e6)}`;
  const email = `Persona.${unique}@Example.com`;
  // A cédula (CC) has 3 to 10 digits: unique per run and per call.
  const docNumber = `9${String(Date.now()).slice(-6)}${String(sequence % 1000).padStart(3, '0')}`;
  return {
    name: 'Laura',
    lastname: 'Martínez',
    email,
    confirmEmail: email,
    password: 'Clave1234',
    confirmPassword: 'Clave1234',
    doc_type: 'CC',
    doc_number: docNumber,
    confirmDocNumber: docNumber,
    phone: '3001234567',
    birthday: '1992-03-04',
    sex: 'F',
    accept_terms: true,
    accept_privacy: true,
    captcha,
    ...overrides,
  };
}

/** Solves the BFF's ALTCHA challenge the way the browser widget does (from `remoteAddress` when given). */
export async function solveCaptcha(app: BffApp, remoteAddress?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/bff/captcha/challenge',
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const challenge = JSON.parse(response.body) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  ).toString('base64');
}

/** Registers a new person through the BFF; returns the form and the session cookie. */
export async function registerPerson(app: BffApp, overrides: Record<string, unknown> = {}) {
  const form = registrationForm(await solveCaptcha(app), overrides);
  const answer = await call(app, 'POST', '/bff/auth/register', { body: form });
  if (answer.status !== 201 || !answer.cookie) {
    throw new Error(`register answered ${answer.status}: ${answer.text}`);
  }
  return { form, email: form.email.toLowerCase(), password: form.password, cookie: answer.cookie, answer };
}

/**
 * A new person who verified their e-mail, as a person does: with the code the sandbox mailed
 * them at registration (its outbox), through the BFF. The cookie is the one re-sealed after it.
 */
export async function registerVerifiedPerson(
  app: BffApp,
  stack: Pick<Stack, 'sandboxUrl'>,
  overrides: Record<string, unknown> = {},
) {
  const person = await registerPerson(app, overrides);
  const [message] = (await outbox(stack, person.email)).filter((mail) => mail.kind === 'verification-code');
  if (!message?.code) throw new Error(`no verification code was mailed to ${person.email}`);
  const validated = await call(app, 'POST', '/bff/verification/validate', {
    cookie: person.cookie,
    body: { code: message.code },
  });
  if (validated.status !== 200) throw new Error(`validate answered ${validated.status}: ${validated.text}`);
  return { ...person, cookie: validated.cookie ?? person.cookie };
}

/** The upstream token sealed in a (URL-encoded) session cookie, read with the BFF's own keys. */
export function tokenInCookie(app: BffApp, cookie: string): string {
  const session = app.decodeSecureSession(decodeURIComponent(cookie));
  const auth = session?.get('auth');
  if (!auth) throw new Error('cookie holds no session');
  return auth.token;
}

/** Messages the sandbox sent to an address, newest first. */
export async function outbox(
  stack: Pick<Stack, 'sandboxUrl'>,
  to: string,
): Promise<Array<{ kind: string; code: string | null; link: string | null }>> {
  const response = await fetch(`${stack.sandboxUrl}/sandbox/outbox.json?to=${encodeURIComponent(to)}`);
  const json = (await response.json()) as unknown;
  const list = (json as { data?: unknown }).data;
  if (!Array.isArray(list)) throw new Error(`unexpected outbox answer: ${JSON.stringify(json)}`);
  return list as Array<{ kind: string; code: string | null; link: string | null }>;
}

/** A log destination for `startStack({ logStream })` that keeps every line the BFF writes, as text. */
export function logCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}
