import { getRow, run, type Database } from '../db/database.ts';
import { sha256 } from '../lib/secrets.ts';

export type OneTimeKind = 'register' | 'pay' | 'reset' | 'verify';

interface OneTimeRow {
  id: number;
  user_id: number | null;
  consecutive: number | null;
  expires_at: number;
  used_at: number | null;
}

export interface OneTimeOwner {
  userId?: number;
  consecutive?: number;
}

export function storeOneTime(
  db: Database,
  kind: OneTimeKind,
  secret: string,
  expiresAt: number,
  owner: OneTimeOwner = {},
): void {
  run(
    db,
    'INSERT INTO one_time_tokens (kind, token_hash, user_id, consecutive, expires_at) VALUES (?, ?, ?, ?, ?)',
    kind,
    sha256(secret),
    owner.userId ?? null,
    owner.consecutive ?? null,
    expiresAt,
  );
}

/** Finds a live, unused token (matching the owner when given) without spending it. */
export function findOneTime(
  db: Database,
  kind: OneTimeKind,
  secret: string,
  nowMs: number,
  owner: OneTimeOwner = {},
): OneTimeRow | undefined {
  return getRow<OneTimeRow>(
    db,
    `SELECT id, user_id, consecutive, expires_at, used_at FROM one_time_tokens
     WHERE kind = ? AND token_hash = ? AND used_at IS NULL AND expires_at > ?
       AND (? IS NULL OR user_id = ?) AND (? IS NULL OR consecutive = ?)
     ORDER BY id DESC LIMIT 1`,
    kind,
    sha256(secret),
    nowMs,
    owner.userId ?? null,
    owner.userId ?? null,
    owner.consecutive ?? null,
    owner.consecutive ?? null,
  );
}

/** Spends a token; false if someone spent it first. */
export function spendOneTime(db: Database, id: number, nowMs: number): boolean {
  return run(db, 'UPDATE one_time_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL', nowMs, id).changes === 1;
}
