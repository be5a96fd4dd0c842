import type { AddressInfo } from 'node:net';
import type { SandboxContext } from '../lib/context.ts';
import { recordRelayedMail } from '../services/outbox.ts';

/**
 * An SMTP relay for development (`npm start` points the BFF's "Avísame" mail at it): it takes
 * every message as a real relay would (the `smtp-server` package, plain SMTP, any or no
 * credentials) and keeps it in the sandbox's outbox, beside the verification codes and reset
 * links, one row per recipient, parsed by `mailparser`. Nothing leaves the machine. Both
 * packages are development dependencies, loaded only when a relay is asked for, so the
 * sandbox's image (production dependencies) runs without them.
 */

export interface SmtpRelayOptions {
  port: number;
  host?: string;
}

export interface SmtpRelay {
  port: number;
  close(): Promise<void>;
}

/** A message above this is refused (552), as a relay with a size limit does. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** The first web address of a plain-text body: the link a person follows (the movie page of an alert). */
function firstLink(text: string): string | null {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? null;
}

export async function startSmtpRelay(ctx: SandboxContext, options: SmtpRelayOptions): Promise<SmtpRelay> {
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]).catch(
    (error: unknown) => {
      throw new Error('the SMTP relay needs the development dependencies smtp-server and mailparser (npm ci)', {
        cause: error,
      });
    },
  );
  const server = new SMTPServer({
    banner: 'Viziona sandbox: relay de desarrollo, los correos quedan en /sandbox/outbox',
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'sandbox' });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('El mensaje supera el tamaño permitido'), { responseCode: 552 }));
            return;
          }
          const text = parsed.text ?? '';
          const sender = parsed.from?.text || (session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
          for (const recipient of session.envelope.rcptTo) {
            recordRelayedMail(
              ctx.db,
              {
                to: recipient.address,
                sender,
                subject: parsed.subject ?? '(sin asunto)',
                body: text,
                html: typeof parsed.html === 'string' ? parsed.html : null,
                link: firstLink(text),
              },
              ctx.clock.nowMs(),
            );
          }
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
