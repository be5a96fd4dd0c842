import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP relay for the tests (the `smtp-server` package listening on a free port of
 * 127.0.0.1, plain SMTP with AUTH PLAIN/LOGIN): it checks the credentials, keeps each message
 * it accepted, parsed by `mailparser`, and can hold the next message's DATA unanswered (a relay
 * that is slow while a replica stops).
 */
export const RELAY_USER = 'avisos';
export const RELAY_PASSWORD = 'clave-del-relay-0123';

export interface ReceivedMail {
  from: string;
  to: string[];
  envelopeTo: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  language: string;
  /** Every header as it arrived (unfolded), by lower-case name: what a mail client reads. */
  headers: Map<string, string>;
}

export interface SmtpRelay {
  port: number;
  /** What the BFF's configuration needs to send through it. */
  env: Record<string, string>;
  accepted: ReceivedMail[];
  /** Messages whose DATA arrived but was never answered. */
  held: number;
  /** The next message's DATA is read and never answered (the sender waits). */
  holdNext(): void;
  close(): Promise<void>;
}

export async function startSmtpRelay(): Promise<SmtpRelay> {
  let holdNext = false;
  let closing: Promise<void> | null = null;
  const relay: SmtpRelay = {
    port: 0,
    env: {},
    accepted: [],
    held: 0,
    holdNext: () => {
      holdNext = true;
    },
    close: () => (closing ??= new Promise((resolve) => server.close(() => resolve()))),
  };
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (auth.username === RELAY_USER && auth.password === RELAY_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const hold = holdNext;
      holdNext = false;
      simpleParser(stream).then(
        (parsed) => {
          if (hold) {
            relay.held += 1;
            return;
          }
          const to = [parsed.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
          relay.accepted.push({
            from: parsed.from?.text ?? '',
            to,
            envelopeTo: session.envelope.rcptTo.map((entry) => entry.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            language: String(parsed.headers.get('content-language') ?? ''),
            headers: new Map(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.env = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(relay.port),
    SMTP_TLS: 'none',
    SMTP_USER: RELAY_USER,
    SMTP_PASSWORD: RELAY_PASSWORD,
    MAIL_FROM: 'Viziona <avisos@viziona.example>',
    // The tests run the checker themselves (`app.alerts.checkNow()`); a claim lasts a second.
    ALERTS_CHECK_SECONDS: '3600',
    ALERTS_CLAIM_SECONDS: '1',
  };
  return relay;
}
