import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { ADDED_COLUMNS, SCHEMA_SQL } from './schema.ts';

export type Database = DatabaseSync;
export type SqlParam = SQLInputValue;

/** Opens (creating if needed) the sandbox database and applies the schema. */
export function openDatabase(location: string): Database {
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const db = new DatabaseSync(location);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  if (location !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA_SQL);
  addMissingColumns(db);
  return db;
}

/** Brings a database file made by an older sandbox up to the schema (`.data/sandbox.db` is kept between runs). */
function addMissingColumns(db: Database): void {
  for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
    const present = new Set(allRows<{ name: string }>(db, `PRAGMA table_info(${table})`).map((column) => column.name));
    for (const [name, type] of Object.entries(columns)) {
      if (!present.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
    }
  }
}

// node:sqlite returns untyped rows; each query names the row type it selects.
export function getRow<T>(db: Database, sql: string, ...params: SqlParam[]): T | undefined {
  return db.prepare(sql).get(...params) as T | undefined;
}

export function allRows<T>(db: Database, sql: string, ...params: SqlParam[]): T[] {
  return db.prepare(sql).all(...params) as T[];
}

export function run(db: Database, sql: string, ...params: SqlParam[]): { changes: number; lastId: number } {
  const result = db.prepare(sql).run(...params);
  return { changes: Number(result.changes), lastId: Number(result.lastInsertRowid) };
}

/** Runs `work` inside BEGIN IMMEDIATE … COMMIT, rolling back on any throw. */
export function inTransaction<T>(db: Database, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

export function readMeta(db: Database, key: string): string | undefined {
  return getRow<{ value: string }>(db, 'SELECT value FROM meta WHERE key = ?', key)?.value;
}

export function writeMeta(db: Database, key: string, value: string): void {
  run(
    db,
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    key,
    value,
  );
}
