import { allRows, inTransaction, run, getRow, type Database } from '../db/database.ts';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import { sha256 } from '../lib/secrets.ts';

export type SubmissionKind = 'pqrs' | 'ethics';

export interface ReceivedFile {
  field: string;
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface AttachmentInfo {
  id: number;
  field: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
}

export interface SubmissionView {
  id: number;
  kind: SubmissionKind;
  radicado: string;
  fields: Record<string, string>;
  attachments: AttachmentInfo[];
  created_at: string;
}

interface SubmissionRow {
  id: number;
  kind: SubmissionKind;
  radicado: string;
  fields_json: string;
  created_at: number;
}

/** Stores a form with its files (bytes included); returns id and filing number. */
export function storeSubmission(
  db: Database,
  kind: SubmissionKind,
  fields: Record<string, string>,
  files: ReceivedFile[],
  nowMs: number,
): { id: number; radicado: string } {
  return inTransaction(db, () => {
    const id = run(
      db,
      'INSERT INTO submissions (kind, radicado, fields_json, created_at) VALUES (?, ?, ?, ?)',
      kind,
      '',
      JSON.stringify(fields),
      nowMs,
    ).lastId;
    const radicado = `${kind === 'pqrs' ? 'PQR' : 'ETI'}-${String(id).padStart(6, '0')}`;
    run(db, 'UPDATE submissions SET radicado = ? WHERE id = ?', radicado, id);
    for (const file of files) {
      run(
        db,
        'INSERT INTO attachments (submission_id, field, name, content_type, size, sha256, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)',
        id,
        file.field,
        file.name,
        file.contentType,
        file.bytes.length,
        sha256(file.bytes),
        file.bytes,
      );
    }
    return { id, radicado };
  });
}

export function listSubmissions(db: Database): SubmissionView[] {
  const rows = allRows<SubmissionRow>(db, 'SELECT * FROM submissions ORDER BY id DESC');
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    radicado: row.radicado,
    fields: JSON.parse(row.fields_json),
    attachments: allRows<AttachmentInfo>(
      db,
      'SELECT id, field, name, content_type, size, sha256 FROM attachments WHERE submission_id = ? ORDER BY id',
      row.id,
    ),
    created_at: bogotaTimestamp(row.created_at),
  }));
}

export function attachmentBytes(
  db: Database,
  submissionId: number,
  attachmentId: number,
): { name: string; content_type: string; bytes: Uint8Array } | undefined {
  return getRow(
    db,
    'SELECT name, content_type, bytes FROM attachments WHERE submission_id = ? AND id = ?',
    submissionId,
    attachmentId,
  );
}
