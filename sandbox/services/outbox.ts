import { allRows, getRow, run, type Database } from '../db/database.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';

/**
 * What the outbox holds: the e-mails the sandbox sends as the cinema API would (verification
 * codes, reset links) and, with the development relay on (mail/smtp-relay.ts), every message
 * the BFF sent through SMTP ('relayed': the "Avísame" e-mails). One place to read them all.
 */
export type OutboxKind = 'verification-code' | 'password-reset' | 'relayed';

export interface OutboxMessage {
  to: string;
  kind: OutboxKind;
  subject: string;
  /** The plain text. */
  body: string;
  code: string | null;
  link: string | null;
}

/** A message the relay received: its sender and its HTML part besides the text. */
export interface RelayedMessage extends Omit<OutboxMessage, 'kind' | 'code'> {
  sender: string;
  html: string | null;
}

interface OutboxRow {
  id: number;
  to_email: string;
  kind: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  sender: string | null;
  html: string | null;
  created_at: number;
}

export interface OutboxEntry extends OutboxMessage {
  id: number;
  /** Who sent it: the relayed messages' From; null for the sandbox's own. */
  from: string | null;
  /** The HTML part of a relayed message (shown by /sandbox/outbox/{id}); null otherwise. */
  html: string | null;
  created_at: string;
}

const OUTBOX_KINDS: ReadonlySet<string> = new Set<OutboxKind>(['verification-code', 'password-reset', 'relayed']);

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

export function recordRelayedMail(db: Database, message: RelayedMessage, nowMs: number): void {
  run(
    db,
    "INSERT INTO outbox (to_email, kind, subject, body, code, link, sender, html, created_at) VALUES (?, 'relayed', ?, ?, NULL, ?, ?, ?, ?)",
    message.to.trim().toLowerCase(),
    message.subject,
    message.body,
    message.link,
    message.sender,
    message.html,
    nowMs,
  );
}

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  to: row.to_email,
  kind: OUTBOX_KINDS.has(row.kind) ? (row.kind as OutboxKind) : 'verification-code',
  subject: row.subject,
  body: row.body,
  code: row.code,
  link: row.link,
  from: row.sender,
  html: row.html,
  created_at: bogotaTimestamp(row.created_at),
});

/** One message, or undefined. */
export function outboxEntry(db: Database, id: number): OutboxEntry | undefined {
  const row = getRow<OutboxRow>(db, 'SELECT * FROM outbox WHERE id = ?', id);
  return row === undefined ? undefined : toEntry(row);
}

/** Newest first, optionally for one address. */
export function listOutbox(db: Database, to?: string): OutboxEntry[] {
  const rows =
    to === undefined
      ? allRows<OutboxRow>(db, 'SELECT * FROM outbox ORDER BY id DESC')
      : allRows<OutboxRow>(db, 'SELECT * FROM outbox WHERE to_email = ? ORDER BY id DESC', to.trim().toLowerCase());
  return rows.map(toEntry);
}
