import type { MembershipStatus, SessionAnswer, User } from '#shared/cinema-api/accounts.ts';
import { MEMBERSHIP_ACTIVE, MEMBERSHIP_INACTIVE } from '#shared/cinema-api/accounts.ts';
import { getRow, run, type Database } from '../db/database.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { randomToken, sha256 } from '../lib/secrets.ts';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  lastname: string;
  email: string;
  password_hash: string;
  doc_type: string;
  doc_number: string;
  phone: string;
  birthday: string | null;
  sex: string;
  email_verified_at: number | null;
  membership_ends_at: number | null;
  created_at: number;
}

export interface NewUser {
  name: string;
  lastname: string;
  email: string;
  passwordHash: string;
  docType: string;
  docNumber: string;
  phone: string;
  birthday: string | null;
  sex: string;
  verifiedAt: number | null;
  membershipEndsAt: number | null;
  createdAt: number;
}

export const AUTH_TOKEN_SECONDS = 24 * 60 * 60;

export function userView(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    lastname: row.lastname,
    fullname: `${row.name} ${row.lastname}`,
    email: row.email,
    email_verified_at: row.email_verified_at === null ? null : bogotaTimestamp(row.email_verified_at),
    phone: row.phone,
    doc_type: row.doc_type,
    doc_number: row.doc_number,
    birthday: row.birthday,
    sex: row.sex,
  };
}

export function findUserByEmail(db: Database, email: string): UserRow | undefined {
  return getRow<UserRow>(db, 'SELECT * FROM users WHERE email = ?', email.trim().toLowerCase());
}

export function findUserById(db: Database, id: number): UserRow | undefined {
  return getRow<UserRow>(db, 'SELECT * FROM users WHERE id = ?', id);
}

export function insertUser(db: Database, user: NewUser): number {
  const email = user.email.trim().toLowerCase();
  const username = email.split('@')[0] ?? email;
  return run(
    db,
    `INSERT INTO users (username, name, lastname, email, password_hash, doc_type, doc_number, phone, birthday, sex,
       email_verified_at, membership_ends_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    username,
    user.name,
    user.lastname,
    email,
    user.passwordHash,
    user.docType,
    user.docNumber,
    user.phone,
    user.birthday,
    user.sex,
    user.verifiedAt,
    user.membershipEndsAt,
    user.createdAt,
  ).lastId;
}

/** A new 24-hour bearer token; only its hash is stored. */
export function issueSession(ctx: SandboxContext, user: UserRow): SessionAnswer {
  const token = randomToken();
  const expiresAt = ctx.clock.nowMs() + AUTH_TOKEN_SECONDS * 1000;
  run(
    ctx.db,
    'INSERT INTO auth_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
    sha256(token),
    user.id,
    expiresAt,
  );
  return { token, expires_at: bogotaTimestamp(expiresAt), user: userView(user) };
}

export function isMember(user: UserRow, nowMs: number): boolean {
  return user.membership_ends_at !== null && user.membership_ends_at > nowMs;
}

export function membershipStatus(user: UserRow, nowMs: number): MembershipStatus {
  if (user.membership_ends_at === null) {
    return { Estado: MEMBERSHIP_INACTIVE, CineFan: '', Vencimiento: null };
  }
  const active = isMember(user, nowMs);
  return {
    Estado: active ? MEMBERSHIP_ACTIVE : MEMBERSHIP_INACTIVE,
    CineFan: active ? 'vigente' : 'vencida',
    Vencimiento: bogotaTimestamp(user.membership_ends_at),
  };
}
