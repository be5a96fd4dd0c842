import { MAIL_RELAY_VARIABLES } from '#bff/plugins/mail-config.ts';

/**
 * Where `npm start` sends the "Avísame" e-mails: the relay the person configured (any of
 * `SMTP_*` or `MAIL_FROM` set: theirs, passed on as they set it), or else, with the sandbox,
 * the sandbox's own development relay on `SANDBOX_SMTP_PORT` (SANDBOX_PORT + 1), whose mail lands
 * in the sandbox's outbox with the verification codes. Against a real cinema API and no relay
 * of their own, nothing is sent and the pages show no "Avísame", as in production.
 */

/** The sender of the development relay's mail (`.test` is a name no real domain has). */
export const LOCAL_MAIL_FROM = 'Viziona <avisos@viziona.test>';

export interface LocalMailRelay {
  /** The port the sandbox's relay listens on, or null when it runs none. */
  sandboxPort: number | null;
  /** What the BFF is given besides the person's own environment. */
  bffEnv: Record<string, string>;
}

export function localMailRelay(env: NodeJS.ProcessEnv, useSandbox: boolean, sandboxPort: number): LocalMailRelay {
  const ownRelay = MAIL_RELAY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
  if (ownRelay || !useSandbox) return { sandboxPort: null, bffEnv: {} };
  const port = Number(env.SANDBOX_SMTP_PORT ?? sandboxPort + 1);
  return {
    sandboxPort: port,
    bffEnv: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TLS: 'none', MAIL_FROM: LOCAL_MAIL_FROM },
  };
}
