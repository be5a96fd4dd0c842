import { getRow, run, type Database } from '../db/database.ts';

const FIRST_CONSECUTIVE = 500001;

export interface ConsecutiveRow {
  secuencia: number;
  user_id: number;
  created_at: number;
  spent_bill_id: number | null;
}

export function issueConsecutive(db: Database, userId: number, nowMs: number): number {
  const next = getRow<{ next: number }>(
    db,
    'SELECT COALESCE(MAX(secuencia) + 1, ?) AS next FROM consecutives',
    FIRST_CONSECUTIVE,
  );
  const secuencia = next?.next ?? FIRST_CONSECUTIVE;
  run(db, 'INSERT INTO consecutives (secuencia, user_id, created_at) VALUES (?, ?, ?)', secuencia, userId, nowMs);
  return secuencia;
}

/** The consecutive if it was issued to this user and no accepted or pending bill spent it. */
export function usableConsecutive(db: Database, secuencia: number, userId: number): ConsecutiveRow | undefined {
  return getRow<ConsecutiveRow>(
    db,
    'SELECT * FROM consecutives WHERE secuencia = ? AND user_id = ? AND spent_bill_id IS NULL',
    secuencia,
    userId,
  );
}

export function spendConsecutive(db: Database, secuencia: number, billId: number): void {
  run(db, 'UPDATE consecutives SET spent_bill_id = ? WHERE secuencia = ?', billId, secuencia);
}

export const CONSECUTIVE_INVALID = 'El consecutivo no es válido o ya fue utilizado.';
