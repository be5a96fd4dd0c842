// Times are epoch milliseconds (INTEGER); they become Bogota text only in answers.
// seat_holds keeps holds and sales in one table so that UNIQUE(showtime_id, fila, columna)
// alone guarantees a seat is never held or sold twice.

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  name TEXT NOT NULL,
  lastname TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  doc_type TEXT NOT NULL,
  doc_number TEXT NOT NULL,
  phone TEXT NOT NULL,
  birthday TEXT,
  sex TEXT NOT NULL DEFAULT '',
  email_verified_at INTEGER,
  membership_ends_at INTEGER,
  created_at INTEGER NOT NULL,
  UNIQUE (doc_type, doc_number)
);

CREATE TABLE IF NOT EXISTS auth_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS one_time_tokens (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  user_id INTEGER,
  consecutive INTEGER,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS one_time_tokens_lookup ON one_time_tokens (kind, token_hash);

CREATE TABLE IF NOT EXISTS consecutives (
  secuencia INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  spent_bill_id INTEGER
);

CREATE TABLE IF NOT EXISTS showtimes (
  id INTEGER PRIMARY KEY,
  movie_id INTEGER NOT NULL,
  room_id INTEGER NOT NULL,
  function_date TEXT NOT NULL,
  function_hour TEXT NOT NULL,
  movie_format TEXT NOT NULL,
  movie_version TEXT NOT NULL,
  UNIQUE (room_id, function_date, function_hour)
);
CREATE INDEX IF NOT EXISTS showtimes_by_date ON showtimes (function_date, function_hour);

CREATE TABLE IF NOT EXISTS seat_holds (
  id INTEGER PRIMARY KEY,
  showtime_id INTEGER NOT NULL,
  fila INTEGER NOT NULL,
  columna INTEGER NOT NULL,
  label TEXT NOT NULL,
  tarifa TEXT NOT NULL,
  price INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  consecutive INTEGER NOT NULL,
  expires_at INTEGER,
  bill_id INTEGER,
  sold INTEGER NOT NULL DEFAULT 0,
  UNIQUE (showtime_id, fila, columna)
);
CREATE INDEX IF NOT EXISTS seat_holds_owner ON seat_holds (user_id, consecutive);

CREATE TABLE IF NOT EXISTS bills (
  id INTEGER PRIMARY KEY,
  bill TEXT UNIQUE,
  user_id INTEGER NOT NULL,
  consecutive INTEGER NOT NULL,
  pay_type INTEGER NOT NULL,
  pay_method TEXT NOT NULL,
  pay_status INTEGER NOT NULL,
  showtime_id INTEGER,
  seats_json TEXT NOT NULL,
  products_json TEXT NOT NULL,
  subtotal INTEGER NOT NULL,
  total_service INTEGER NOT NULL,
  total INTEGER NOT NULL,
  products_detail TEXT,
  products_description TEXT,
  payer_json TEXT,
  pse_ref TEXT UNIQUE,
  pse_expires_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS bills_by_user ON bills (user_id, id);

CREATE TABLE IF NOT EXISTS ticket_codes (
  id INTEGER PRIMARY KEY,
  bill_id INTEGER NOT NULL REFERENCES bills(id),
  code TEXT NOT NULL UNIQUE,
  seat TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY,
  to_email TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  code TEXT,
  link TEXT,
  sender TEXT,
  html TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS submissions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  radicado TEXT NOT NULL,
  fields_json TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS attachments (
  id INTEGER PRIMARY KEY,
  submission_id INTEGER NOT NULL REFERENCES submissions(id),
  field TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  bytes BLOB NOT NULL
);
`;

/** Columns added after a table's first release, by table: a database file made before gets them when opened. */
export const ADDED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  outbox: { sender: 'TEXT', html: 'TEXT' },
};
