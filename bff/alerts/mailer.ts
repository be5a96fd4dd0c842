import nodemailer from 'nodemailer';
import type { AlertMail } from './alert-mail.ts';
import type { MailConfig } from '#bff/plugins/mail-config.ts';

/**
 * The SMTP relay through nodemailer: one pooled connection per replica, bounded waits so a
 * hung relay never holds an alert's claim past its lease (bff/decisions/alerts.md). `send`
 * resolves once the relay accepted the message (its 250 to DATA). Nothing here logs: the
 * transport's own logger is off, and the password never leaves this object.
 */
export interface Mailer {
  send(mail: AlertMail): Promise<void>;
  close(): void;
}

/** The longest one send may take (connection, greeting, each reply): well under the claim's lease. */
export const SEND_TIMEOUT_MS = 20_000;

export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.tls === 'implicit',
    requireTLS: config.tls === 'starttls',
    ignoreTLS: config.tls === 'none',
    ...(config.user === undefined ? {} : { auth: { user: config.user, pass: config.password ?? '' } }),
    pool: true,
    maxConnections: 2,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
    logger: false,
    debug: false,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'Content-Language': 'es-CO', 'Auto-Submitted': 'auto-generated', ...mail.headers },
      });
    },
    close() {
      transport.close();
    },
  };
}
