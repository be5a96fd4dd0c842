import { z } from 'zod';

/**
 * The mail relay "Avísame" sends through, from the environment (bff/README.md,
 * "Configuration"): either `SMTP_URL` (`smtp://` or `smtps://`, user and password in it) or
 * `SMTP_HOST` with `SMTP_PORT`, `SMTP_TLS`, `SMTP_USER`, `SMTP_PASSWORD`; always `MAIL_FROM`.
 * None of them set: no relay, and the site shows no "Avísame" button. The password is a
 * secret: it lives in this object only, never in a log line or an answer.
 */

export type SmtpTls = 'starttls' | 'implicit' | 'none';

export interface MailConfig {
  host: string;
  port: number;
  /**
   * `implicit`: TLS from the first byte (port 465); `starttls`: the relay must upgrade the
   * connection before anything is sent; `none`: plain (a relay on this host or private network).
   */
  tls: SmtpTls;
  user: string | undefined;
  password: string | undefined;
  /** The sender, `Viziona <avisos@viziona.co>` or a bare address. */
  from: string;
}

export interface AlertsConfig {
  /** How often each replica looks for alerts now due. */
  checkMs: number;
  /** How long a replica's claim on an alert lasts before another replica may send it. */
  claimMs: number;
}

const DEFAULT_PORTS: Record<SmtpTls, number> = { implicit: 465, starttls: 587, none: 25 };

const count = (name: string, min: number, max: number) => {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]/.test(value) && URL.canParse(value), {
      error: 'SMTP_URL must be an smtp:// or smtps:// URL',
    })
    .optional(),
  SMTP_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'SMTP_HOST must be a host name or address' })
    .optional(),
  SMTP_PORT: count('SMTP_PORT', 1, 65_535).optional(),
  SMTP_TLS: z
    .enum(['starttls', 'implicit', 'none'], { error: 'SMTP_TLS must be starttls, implicit or none' })
    .optional(),
  SMTP_USER: z.string().trim().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .refine((value) => z.email().safeParse(addressOf(value)).success, {
      error: 'MAIL_FROM must be an e-mail address, optionally as "Name <address>"',
    })
    .optional(),
  ALERTS_CHECK_SECONDS: count('ALERTS_CHECK_SECONDS', 1, 3_600).default(60),
  ALERTS_CLAIM_SECONDS: count('ALERTS_CLAIM_SECONDS', 1, 3_600).default(120),
};

type MailEnv = z.output<z.ZodObject<typeof mailEnvShape>>;

/** The variables that configure the relay: any of them set, and the relay is configured (and checked). */
export const MAIL_RELAY_VARIABLES = [
  'SMTP_URL',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_TLS',
  'SMTP_USER',
  'SMTP_PASSWORD',
  'MAIL_FROM',
] as const;

/** The address of `Name <address>`, or the value itself. */
function addressOf(value: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(value);
  return (angle?.[1] ?? value).trim();
}

const isLocalOrPrivate = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127\./.test(host) || /^[a-z0-9-]+$/i.test(host);

/** The relay, or null when none is configured; `problems` names each bad or missing variable. */
export function mailConfigOf(
  values: MailEnv,
  isProduction: boolean,
): { mail: MailConfig | null; alerts: AlertsConfig; problems: string[] } {
  const alerts = { checkMs: values.ALERTS_CHECK_SECONDS * 1000, claimMs: values.ALERTS_CLAIM_SECONDS * 1000 };
  const given = MAIL_RELAY_VARIABLES.filter((name) => values[name] !== undefined);
  if (given.length === 0) return { mail: null, alerts, problems: [] };

  const problems: string[] = [];
  let host = values.SMTP_HOST;
  let port = values.SMTP_PORT;
  let tls: SmtpTls | undefined = values.SMTP_TLS;
  let user = values.SMTP_USER;
  let password = values.SMTP_PASSWORD;
  if (values.SMTP_URL !== undefined) {
    if (host !== undefined) problems.push('set SMTP_URL or SMTP_HOST, not both');
    const url = new URL(values.SMTP_URL);
    host = url.hostname;
    port ??= url.port === '' ? undefined : Number(url.port);
    tls ??= url.protocol === 'smtps:' ? 'implicit' : 'starttls';
    user ??= url.username === '' ? undefined : decodeURIComponent(url.username);
    password ??= url.password === '' ? undefined : decodeURIComponent(url.password);
  }
  if (host === undefined) problems.push('SMTP_HOST (or SMTP_URL) is required when the mail relay is configured');
  if (values.MAIL_FROM === undefined) problems.push('MAIL_FROM is required when the mail relay is configured');
  if ((user === undefined) !== (password === undefined)) problems.push('SMTP_USER and SMTP_PASSWORD go together');
  tls ??= 'starttls';
  if (isProduction && tls === 'none' && host !== undefined && !isLocalOrPrivate(host)) {
    problems.push(
      'SMTP_TLS=none is only for a relay on this host or the private network (the password would travel in clear)',
    );
  }
  if (problems.length > 0 || host === undefined || values.MAIL_FROM === undefined)
    return { mail: null, alerts, problems };
  return {
    mail: { host, port: port ?? DEFAULT_PORTS[tls], tls, user, password, from: values.MAIL_FROM },
    alerts,
    problems,
  };
}
