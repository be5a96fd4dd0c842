/**
 * The site server's configuration (`BFF_URL`, `BFF_TIMEOUT_MS`, `SITE_ORIGIN`, `IMAGE_ORIGINS`,
 * `IMAGE_WARM_URL`, `OPS_PORT`, `DRAIN_SECONDS`, ...), read once from the environment and validated: the server
 * entry (site/server.ts) refuses to start with a message naming each bad variable. Nothing
 * here reaches the browser: only server code (the entry, middleware, page frontmatter)
 * imports this module, and the site holds no secret.
 */
import { z } from 'zod';
import { originListSchema, originsOf } from '#shared/http/origin-list.ts';

const wholeNumber = (name: string, min: number, max: number) => {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const SiteEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: wholeNumber('PORT', 0, 65_535).default(4322),
  BFF_PORT: wholeNumber('BFF_PORT', 0, 65_535).default(4300),
  BFF_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), { error: 'BFF_URL must be an http(s) URL' })
    .optional(),
  // Above the BFF's worst read (two 4 s attempts), so the BFF's own answer, stale data
  // included, always reaches the page before the site gives up.
  BFF_TIMEOUT_MS: wholeNumber('BFF_TIMEOUT_MS', 100, 120_000).default(10_000),
  OPS_PORT: wholeNumber('OPS_PORT', 0, 65_535).optional(),
  DRAIN_SECONDS: wholeNumber('DRAIN_SECONDS', 0, 120).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_ORIGIN: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), {
      error: 'SITE_ORIGIN must be an http(s) URL',
    })
    .optional(),
  IMAGE_ORIGINS: originListSchema('IMAGE_ORIGINS').optional(),
  IMAGE_WARM_URL: z
    .string()
    .trim()
    .refine((value) => /^http:\/\//.test(value) && URL.canParse(value), {
      error: 'IMAGE_WARM_URL must be an http URL (the edge, reached inside the cluster)',
    })
    .optional(),
});

export interface SiteEnv {
  isProduction: boolean;
  host: string;
  port: number;
  /** Where server code reaches the BFF (no trailing slash). */
  bffUrl: string;
  bffTimeoutMs: number;
  /** Port of /live, /ready and /metrics; none when unset. */
  opsPort: number | undefined;
  /** After SIGTERM: how long readiness says no while requests are still served. */
  drainMs: number;
  logLevel: string;
  /**
   * The public origin absolute URLs are built from (canonical, og:url, JSON-LD, sitemap,
   * robots): `SITE_ORIGIN`, else Astro's `site` from the build. Never the request's Host or
   * X-Forwarded-Host: those pages are cached and shared, so a forged header would be served
   * to everybody.
   */
  publicOrigin: string;
  /** The cinema API's image origins (`IMAGE_ORIGINS`): the only hosts the CSP's img-src allows besides this site. */
  imageOrigins: string[];
  /**
   * Where the site asks the edge for a rendered page's photos so they are made before any
   * visitor asks (`IMAGE_WARM_URL`: nginx's internal port, the local front door); none: no warming.
   */
  imageWarmUrl: string | undefined;
}

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

const DRAIN_SECONDS_IN_PRODUCTION = 5;

export function loadSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = SiteEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new SiteConfigError(`Invalid site configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && values.BFF_URL === undefined) {
    throw new SiteConfigError(
      'Missing required configuration in production: BFF_URL. Set this variable in the environment.',
    );
  }
  return {
    isProduction,
    host: values.HOST,
    port: values.PORT,
    bffUrl: (values.BFF_URL ?? `http://127.0.0.1:${values.BFF_PORT}`).replace(/\/+$/, ''),
    bffTimeoutMs: values.BFF_TIMEOUT_MS,
    opsPort: values.OPS_PORT,
    drainMs: (values.DRAIN_SECONDS ?? (isProduction ? DRAIN_SECONDS_IN_PRODUCTION : 0)) * 1000,
    logLevel: values.LOG_LEVEL,
    // `import.meta.env` exists in the built pages, not when Node runs the server entry itself.
    publicOrigin: new URL(values.SITE_ORIGIN ?? import.meta.env?.SITE ?? 'http://localhost:4321').origin,
    imageOrigins: originsOf(values.IMAGE_ORIGINS ?? ''),
    imageWarmUrl: values.IMAGE_WARM_URL?.replace(/\/+$/, ''),
  };
}

export const serverEnv: SiteEnv = loadSiteEnv(process.env);
