import { allRows, run, type Database } from '../db/database.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';

export type OutboxKind = 'verification-code' | 'password-reset';

export interface OutboxMessage {
  to: string;
  kind: OutboxKind;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
}

interface OutboxRow {
  id: number;
  to_email: string;
  kind: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  created_at: number;
}

export interface OutboxEntry extends OutboxMessage {
  id: number;
  created_at: string;
}

export function sendMail(db: Database, message: OutboxMessage, nowMs: number): void {
  run(
    db,
    'INSERT INTO outbox (to_email, kind, subject, body, code, link, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    message.to,
    message.kind,
    message.subject,
    message.body,
    message.code,
    message.link,
    nowMs,
  );
}

/** Newest first, optionally for one address. */
export function listOutbox(db: Database, to?: string): OutboxEntry[] {
  const rows =
    to === undefined
      ? allRows<OutboxRow>(db, 'SELECT * FROM outbox ORDER BY id DESC')
      : allRows<OutboxRow>(db, 'SELECT * FROM outbox WHERE to_email = ? ORDER BY id DESC', to.trim().toLowerCase());
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    kind: row.kind === 'password-reset' ? 'password-reset' : 'verification-code',
    subject: row.subject,
    body: row.body,
    code: row.code,
    link: row.link,
    created_at: bogotaTimestamp(row.created_at),
  }));
}
