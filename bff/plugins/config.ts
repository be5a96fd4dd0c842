import fp from 'fastify-plugin';
import { z } from 'zod';
import { DEV_SECRETS, DEV_WALLET } from '#shared/dev-secrets.ts';
import { originListSchema, originsOf } from '#shared/http/origin-list.ts';
import { readCacheDefaults } from './read-cache.ts';
import { parseWalletConfig, walletWarnings, type WalletConfig } from './wallet-config.ts';
import { mailConfigOf, mailEnvShape, type AlertsConfig, type MailConfig } from './mail-config.ts';

/**
 * The BFF's configuration, parsed once from the environment at start-up. Nothing else in
 * bff/ reads `process.env`. Secrets have development defaults (the sandbox demands the same
 * values); in production a missing secret stops the process with a message naming it.
 */

/** Required in production: the process does not start without them. */
export const PRODUCTION_REQUIRED = [
  'CINEMA_API_KEY',
  'CINEMA_ACTION_KEY',
  'CINEMA_REGISTER_CODE',
  'CINEMA_REGISTRATION_KEY',
  'SESSION_KEYS',
  'CAPTCHA_HMAC_KEY',
  'OPS_TOKEN',
  'ETHICS_LINE_EMAIL',
  'UPSTREAM_URL',
  'SITE_ORIGIN',
] as const;

const SESSION_KEY_BYTES = 32;

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int({ error: `${name} must be a port number` })
    .min(0, { error: `${name} must be a port number` })
    .max(65_535, { error: `${name} must be a port number` });

const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
      error: `${name} must be an http(s) URL`,
    });

const wholeNumber = (name: string, min: number, max: number) => {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const secret = (name: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${name} must not be empty` });

/**
 * New places in one event's queue a minute from one client address. A carrier's NAT puts
 * hundreds of phones behind one address; a presale's busiest minute brings a few of them at
 * once, never a hundred, while a script dropping its cookies would take thousands.
 */
const WAITING_ROOM_NEW_PLACES_PER_ADDRESS_DEFAULT = 120;

/**
 * Live places (queued or let in, not yet ended) one client address may hold in one event's
 * queue at once, for the whole event: the per-minute limit alone let one address collect
 * 3,600 places over a 30-minute pre-queue. 300 is above what one carrier address brings to one
 * presale (bff/decisions/waiting-room.md, "Places per address") and a tenth of what stuffing took.
 */
const WAITING_ROOM_LIVE_PLACES_PER_ADDRESS_DEFAULT = 300;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BFF_PORT: port('BFF_PORT').default(4300),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: port('PORT').default(4321),
  SANDBOX_PORT: port('SANDBOX_PORT').default(4400),
  UPSTREAM_URL: httpUrl('UPSTREAM_URL').optional(),
  UPSTREAM_TIMEOUT_MS: wholeNumber('UPSTREAM_TIMEOUT_MS', 100, 60_000).default(4_000),
  UPSTREAM_WRITE_TIMEOUT_MS: wholeNumber('UPSTREAM_WRITE_TIMEOUT_MS', 1_000, 120_000).default(20_000),
  OPS_PORT: port('OPS_PORT').optional(),
  OPS_TOKEN: secret('OPS_TOKEN').optional(),
  OPS_HOSTS: z.string().trim().optional(),
  DRAIN_SECONDS: wholeNumber('DRAIN_SECONDS', 0, 120).optional(),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .int({ error: 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .min(1000, { error: 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .max(600_000, { error: 'REQUEST_TIMEOUT_MS must be a whole number from 1000 to 600000' })
    .default(180_000),
  CINEMA_API_KEY: secret('CINEMA_API_KEY').optional(),
  CINEMA_ACTION_KEY: secret('CINEMA_ACTION_KEY').optional(),
  CINEMA_REGISTER_CODE: secret('CINEMA_REGISTER_CODE').optional(),
  CINEMA_REGISTRATION_KEY: secret('CINEMA_REGISTRATION_KEY').optional(),
  SESSION_KEYS: secret('SESSION_KEYS').optional(),
  CAPTCHA_HMAC_KEY: secret('CAPTCHA_HMAC_KEY').optional(),
  CAPTCHA_MAX_NUMBER: z.coerce
    .number({ error: 'CAPTCHA_MAX_NUMBER must be a whole number from 10 to 10000000' })
    .int({ error: 'CAPTCHA_MAX_NUMBER must be a whole number from 10 to 10000000' })
    .min(10, { error: 'CAPTCHA_MAX_NUMBER must be a whole number from 10 to 10000000' })
    .max(10_000_000, { error: 'CAPTCHA_MAX_NUMBER must be a whole number from 10 to 10000000' })
    .optional(),
  ETHICS_LINE_EMAIL: z.email({ error: 'ETHICS_LINE_EMAIL must be an e-mail address' }).optional(),
  SITE_ORIGIN: httpUrl('SITE_ORIGIN').optional(),
  IMAGE_ORIGINS: originListSchema('IMAGE_ORIGINS').optional(),
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'RATE_LIMIT_FACTOR must be a whole number from 1 to 1000' })
    .int({ error: 'RATE_LIMIT_FACTOR must be a whole number from 1 to 1000' })
    .min(1, { error: 'RATE_LIMIT_FACTOR must be a whole number from 1 to 1000' })
    .max(1000, { error: 'RATE_LIMIT_FACTOR must be a whole number from 1 to 1000' })
    .default(1),
  WAITING_ROOM_NEW_PLACES_PER_ADDRESS: z.coerce
    .number({ error: 'WAITING_ROOM_NEW_PLACES_PER_ADDRESS must be a whole number from 1 to 1000000' })
    .int({ error: 'WAITING_ROOM_NEW_PLACES_PER_ADDRESS must be a whole number from 1 to 1000000' })
    .min(1, { error: 'WAITING_ROOM_NEW_PLACES_PER_ADDRESS must be a whole number from 1 to 1000000' })
    .max(1_000_000, { error: 'WAITING_ROOM_NEW_PLACES_PER_ADDRESS must be a whole number from 1 to 1000000' })
    .default(WAITING_ROOM_NEW_PLACES_PER_ADDRESS_DEFAULT),
  WAITING_ROOM_LIVE_PLACES_PER_ADDRESS: wholeNumber('WAITING_ROOM_LIVE_PLACES_PER_ADDRESS', 1, 1_000_000).default(
    WAITING_ROOM_LIVE_PLACES_PER_ADDRESS_DEFAULT,
  ),
  CATALOGUE_FRESH_SECONDS: z.coerce
    .number({ error: 'CATALOGUE_FRESH_SECONDS must be a whole number from 1 to 1800' })
    .int({ error: 'CATALOGUE_FRESH_SECONDS must be a whole number from 1 to 1800' })
    .min(1, { error: 'CATALOGUE_FRESH_SECONDS must be a whole number from 1 to 1800' })
    .max(1800, { error: 'CATALOGUE_FRESH_SECONDS must be a whole number from 1 to 1800' })
    .default(readCacheDefaults.freshMs / 1000),
  LONELY_SEAT_RULE: z.enum(['on', 'off'], { error: 'LONELY_SEAT_RULE must be on or off' }).default('on'),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), {
      error: 'REDIS_URL must be a redis:// or rediss:// URL',
    })
    .optional(),
  // The wallets' signing keys (bff/plugins/wallet-config.ts checks them): PEM or JSON text, or a file's path.
  APPLE_WALLET_PASS_TYPE_ID: z.string().trim().optional(),
  APPLE_WALLET_TEAM_ID: z.string().trim().optional(),
  APPLE_WALLET_CERTIFICATE: z.string().trim().optional(),
  APPLE_WALLET_KEY: z.string().trim().optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR_CERTIFICATE: z.string().trim().optional(),
  GOOGLE_WALLET_ISSUER_ID: z.string().trim().optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().trim().optional(),
  // Where Google's Wallet API and token endpoint answer (Google's own by default; the sandbox's
  // stand-in in development and tests, which have no internet).
  GOOGLE_WALLET_API_URL: httpUrl('GOOGLE_WALLET_API_URL').optional(),
  GOOGLE_WALLET_TOKEN_URL: httpUrl('GOOGLE_WALLET_TOKEN_URL').optional(),
  ...mailEnvShape,
});

export type BffConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Base URL of the cinema API, ending in `/api/v1` (no trailing slash). */
  upstreamUrl: string;
  /** Headers/body timeout of reads (one retry follows a failed read). */
  upstreamTimeoutMs: number;
  /** Headers/body timeout of writes (charges, registrations, uploads), never retried. */
  upstreamWriteTimeoutMs: number;
  /** Port of the operations server (/live, /ready, /metrics); none when unset. Never behind the public load balancer. */
  opsPort: number | undefined;
  /** The operators' bearer token on the operations port (secret). */
  opsToken: string;
  /** Host names the operations port answers besides IP literals and localhost (OPS_HOSTS, comma-separated). */
  opsHosts: string[];
  /** After SIGTERM: how long the process answers "not ready" and keeps serving before it closes its listener. */
  drainMs: number;
  /** How long a client may take to send a whole request, body included (then 408 and closed). */
  requestTimeoutMs: number;
  cinema: {
    apiKey: string;
    actionKey: string;
    registerCode: string;
    registrationKey: string;
  };
  /** Session sealing keys, newest first: the first seals, all open. 32 bytes each. */
  sessionKeys: Buffer[];
  /** The public origin of the site (scheme, host, port), for the same-origin check. */
  siteOrigin: string;
  /** Where content images may come from (IMAGE_ORIGINS; by default the cinema API's origin): the sanitizer drops any other image source. */
  imageOrigins: string[];
  /** Whether the session cookie gets `Secure` (everything but local http). */
  secureCookies: boolean;
  /** Fastify's `trustProxy`: which proxies may tell us the client address. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  logLevel: string;
  /** Multiplies every route's rate-limit maximum: 1 in production; raised where many people share one address (end-to-end tests). */
  rateLimitFactor: number;
  redisUrl: string | undefined;
  /** New places a minute per client address in one waiting-room queue (before RATE_LIMIT_FACTOR). */
  waitingRoomNewPlacesPerAddress: number;
  /** Live places one client address may hold in one waiting-room queue for the whole event (before RATE_LIMIT_FACTOR). */
  waitingRoomLivePlacesPerAddress: number;
  /** How long a catalogue read is served without asking the upstream (kept 30 minutes for outages). */
  catalogueFreshMs: number;
  captcha: {
    /** Signs challenges and derived keys (secret). */
    hmacKey: string;
    /** Proof-of-work size: the browser works through half to all of this many hashes. */
    maxNumber: number;
    /** How long a challenge can be solved and its proof submitted. */
    ttlSeconds: number;
  };
  /** The corporate ethics-line address shown on /linea-etica (public). */
  ethicsLineEmail: string;
  /** Refuse holds that leave one free seat alone (shared/booking/lonely-seats.ts); on unless `LONELY_SEAT_RULE=off`. */
  lonelySeatRule: boolean;
  /** "Agregar a Apple Wallet" / "Guardar en Google Wallet": each wallet's keys, null when not configured (its button hidden). */
  wallet: WalletConfig;
  /** The SMTP relay of "Avísame" (plugins/mail-config.ts); null: none configured, no alerts. */
  mail: MailConfig | null;
  alerts: AlertsConfig;
};

/** Captcha work: quick in development and tests, about a second on a phone in production. */
const CAPTCHA_MAX_NUMBER_DEFAULT = { development: 1_000, production: 100_000 } as const;
const CAPTCHA_TTL_SECONDS = 30 * 60;
/** Long enough for a load balancer's next readiness probe to take the replica out. */
const DRAIN_SECONDS_IN_PRODUCTION = 5;
const DEV_ETHICS_LINE_EMAIL = 'lineaetica@viziona.example';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Parses the environment; throws a `ConfigError` whose message names each bad variable. */
export function loadConfig(env: Env): BffConfig {
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env)) {
    // An empty variable counts as unset (compose files often write `KEY=`).
    if (value !== undefined && value.trim() !== '') cleaned[key] = value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid BFF configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';

  if (isProduction) {
    const missing = PRODUCTION_REQUIRED.filter((name) => values[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Missing required configuration in production: ${missing.join(', ')}. Set ${missing.length > 1 ? 'these variables' : 'this variable'} in the environment.`,
      );
    }
    const refusals = productionRefusals(values);
    if (refusals.length > 0) {
      throw new ConfigError(`Unsafe configuration for production: ${refusals.join('; ')}.`);
    }
  }

  const { wallet, problems: walletProblems } = parseWalletConfig(values);
  if (walletProblems.length > 0) {
    throw new ConfigError(`Invalid BFF configuration: ${walletProblems.join('; ')}`);
  }
  const mailing = mailConfigOf(values, isProduction);
  if (mailing.problems.length > 0) {
    throw new ConfigError(`Invalid BFF configuration: ${mailing.problems.join('; ')}`);
  }

  const withDefault = (name: keyof typeof DEV_SECRETS): string => values[name] ?? DEV_SECRETS[name];
  const siteOrigin = new URL(values.SITE_ORIGIN ?? `http://localhost:${values.PORT}`).origin;
  const upstreamUrl = (values.UPSTREAM_URL ?? `http://127.0.0.1:${values.SANDBOX_PORT}/api/v1`).replace(/\/+$/, '');

  return {
    nodeEnv: values.NODE_ENV,
    isProduction,
    port: values.BFF_PORT,
    host: values.HOST,
    upstreamUrl,
    upstreamTimeoutMs: values.UPSTREAM_TIMEOUT_MS,
    upstreamWriteTimeoutMs: values.UPSTREAM_WRITE_TIMEOUT_MS,
    opsPort: values.OPS_PORT,
    opsToken: withDefault('OPS_TOKEN'),
    opsHosts: (values.OPS_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    drainMs: (values.DRAIN_SECONDS ?? (isProduction ? DRAIN_SECONDS_IN_PRODUCTION : 0)) * 1000,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    cinema: {
      apiKey: withDefault('CINEMA_API_KEY'),
      actionKey: withDefault('CINEMA_ACTION_KEY'),
      registerCode: withDefault('CINEMA_REGISTER_CODE'),
      registrationKey: withDefault('CINEMA_REGISTRATION_KEY'),
    },
    sessionKeys: parseSessionKeys(withDefault('SESSION_KEYS')),
    siteOrigin,
    imageOrigins: values.IMAGE_ORIGINS ? originsOf(values.IMAGE_ORIGINS) : [new URL(upstreamUrl).origin],
    secureCookies: !isLocalHttp(siteOrigin),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    logLevel: values.LOG_LEVEL,
    rateLimitFactor: values.RATE_LIMIT_FACTOR,
    redisUrl: values.REDIS_URL,
    waitingRoomNewPlacesPerAddress: values.WAITING_ROOM_NEW_PLACES_PER_ADDRESS,
    waitingRoomLivePlacesPerAddress: values.WAITING_ROOM_LIVE_PLACES_PER_ADDRESS,
    catalogueFreshMs: values.CATALOGUE_FRESH_SECONDS * 1000,
    captcha: {
      hmacKey: withDefault('CAPTCHA_HMAC_KEY'),
      maxNumber: values.CAPTCHA_MAX_NUMBER ?? CAPTCHA_MAX_NUMBER_DEFAULT[isProduction ? 'production' : 'development'],
      ttlSeconds: CAPTCHA_TTL_SECONDS,
    },
    ethicsLineEmail: values.ETHICS_LINE_EMAIL ?? DEV_ETHICS_LINE_EMAIL,
    lonelySeatRule: values.LONELY_SEAT_RULE === 'on',
    wallet,
    mail: mailing.mail,
    alerts: mailing.alerts,
  };
}

/** What an operator should hear at start-up although the configuration is valid. */
export function configWarnings(config: BffConfig): string[] {
  const warnings: string[] = [];
  if (config.isProduction && !config.redisUrl) {
    warnings.push(
      'REDIS_URL is not set in production: holds, payment locks, rate limits and captcha replays are kept per replica. Set REDIS_URL when more than one BFF replica runs.',
    );
  }
  warnings.push(...walletWarnings(config.wallet));
  return warnings;
}

/** Secrets shorter than this are refused in production (a guessable HMAC or API key). */
export const MIN_SECRET_LENGTH = 12;
/** The operators' token opens every presale's controls: as long as a random 24-byte value in base64. */
export const MIN_OPS_TOKEN_LENGTH = 32;
/** Below this the captcha costs a bot nothing (the default is 100,000). */
export const MIN_PRODUCTION_CAPTCHA_MAX_NUMBER = 50_000;
/** A random 32-byte key has about 28 distinct byte values; fewer than this is not random. */
const MIN_DISTINCT_KEY_BYTES = 16;

type EnvValues = z.output<typeof EnvSchema>;

/**
 * What a production start refuses beyond missing variables, each naming its variable: a
 * development secret (also as one of several session keys), a short secret, a session key
 * that is not random, a captcha without work, multiplied rate limits, `TRUST_PROXY=true`
 * (any client could pick its own address) and a plain-http cinema API outside this host or
 * its private network.
 */
export function productionRefusals(values: EnvValues): string[] {
  const refusals: string[] = [];
  for (const name of Object.keys(DEV_SECRETS) as Array<keyof typeof DEV_SECRETS>) {
    const value = values[name];
    if (value === undefined) continue;
    const entries = name === 'SESSION_KEYS' ? value.split(',').map((entry) => entry.trim()) : [value.trim()];
    const devEntries = name === 'SESSION_KEYS' ? DEV_SECRETS.SESSION_KEYS.split(',') : [DEV_SECRETS[name]];
    if (entries.some((entry) => devEntries.includes(entry))) {
      refusals.push(`${name} holds a development secret; set a real value`);
    } else if (name !== 'SESSION_KEYS' && value.trim().length < MIN_SECRET_LENGTH) {
      refusals.push(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
    }
  }
  if (values.SESSION_KEYS !== undefined) {
    const weak = values.SESSION_KEYS.split(',')
      .map((entry) => entry.trim())
      .findIndex((entry) => entry !== '' && new Set(Buffer.from(entry, 'base64')).size < MIN_DISTINCT_KEY_BYTES);
    if (weak >= 0)
      refusals.push(`SESSION_KEYS entry ${weak + 1} is not random (generate one with: openssl rand -base64 32)`);
  }
  if (values.OPS_TOKEN !== undefined && values.OPS_TOKEN.trim().length < MIN_OPS_TOKEN_LENGTH) {
    refusals.push(
      `OPS_TOKEN must be at least ${MIN_OPS_TOKEN_LENGTH} characters (generate one with: openssl rand -base64 32)`,
    );
  }
  if (values.CAPTCHA_MAX_NUMBER !== undefined && values.CAPTCHA_MAX_NUMBER < MIN_PRODUCTION_CAPTCHA_MAX_NUMBER) {
    refusals.push(`CAPTCHA_MAX_NUMBER must be at least ${MIN_PRODUCTION_CAPTCHA_MAX_NUMBER} in production`);
  }
  if (values.RATE_LIMIT_FACTOR !== 1) {
    refusals.push('RATE_LIMIT_FACTOR must be 1 in production (it only exists for tests that share one address)');
  }
  if (values.TRUST_PROXY === 'true') {
    refusals.push(
      "TRUST_PROXY=true lets any client choose its address; set the load balancer's hop count (e.g. 1) or network",
    );
  }
  if (values.APPLE_WALLET_PASS_TYPE_ID?.trim() === DEV_WALLET.passTypeId) {
    refusals.push(
      'APPLE_WALLET_* hold the development signing chain npm start makes (Apple Wallet refuses its passes); set the Pass Type ID certificate Apple issued, or no APPLE_WALLET_* at all',
    );
  }
  if (values.GOOGLE_WALLET_ISSUER_ID?.trim() === DEV_WALLET.googleIssuerId) {
    refusals.push(
      'GOOGLE_WALLET_* hold the development signing chain npm start makes (Google Wallet refuses its passes); set the issuer and service account Google gave, or no GOOGLE_WALLET_* at all',
    );
  }
  if (values.UPSTREAM_URL !== undefined && !isPrivateOrSecure(values.UPSTREAM_URL)) {
    refusals.push('UPSTREAM_URL must be https unless it is on this host or a private network name');
  }
  for (const name of ['GOOGLE_WALLET_API_URL', 'GOOGLE_WALLET_TOKEN_URL'] as const) {
    const value = values[name];
    // The access token and the passes' contents travel there.
    if (value !== undefined && new URL(value).protocol !== 'https:') refusals.push(`${name} must be https`);
  }
  return refusals;
}

/** https, or plain http only to loopback or a single-label name (a container on the private network). */
export function isPrivateOrSecure(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host) || /^[a-z0-9-]+$/i.test(host);
}

function parseSessionKeys(list: string): Buffer[] {
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new ConfigError('SESSION_KEYS must list at least one key');
  return entries.map((entry, index) => {
    const key = Buffer.from(entry, 'base64');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(entry) || key.length !== SESSION_KEY_BYTES) {
      throw new ConfigError(
        `SESSION_KEYS entry ${index + 1} must be ${SESSION_KEY_BYTES} random bytes in base64 (generate one with: openssl rand -base64 32)`,
      );
    }
    return key;
  });
}

function isLocalHttp(origin: string): boolean {
  const url = new URL(origin);
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]')
  );
}

function parseTrustProxy(value: string): BffConfig['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of the BFF.
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: BffConfig;
  }
}

/** Makes the parsed configuration available as `app.config`. */
export const configPlugin = fp(
  async (app, options: { config: BffConfig }) => {
    app.decorate('config', options.config);
  },
  { name: 'viziona-config' },
);
