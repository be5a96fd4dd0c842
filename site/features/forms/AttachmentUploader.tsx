import { useState, type ChangeEvent } from 'react';
import type { AttachmentOptions } from './form-options.ts';
import { Field } from '../../components/Field.tsx';

import { formatFileSize } from '../../lib/numbers.ts';
import { NETWORK_FAILURE } from '../../lib/bff-browser.ts';
import { loadOnce } from '../../components/load-once.ts';
import { CloseIcon } from '../../components/LineIcon.tsx';
import type { AttachmentChoice } from './choose-attachments.ts';

// The checks of a choice load with the first choice: a page where nobody attaches a file never needs them.
const loadChooser = loadOnce(() => import('./choose-attachments.ts'));

export interface AttachmentUploaderProps extends AttachmentOptions {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The form's own message for the list (from the schema, on submit). */
  error?: string | undefined;
  /** Files the BFF refused, with its message: marked in the list. */
  refused?: ReadonlyMap<File, string> | undefined;
  disabled?: boolean;
}

/**
 * Takes several files, lists them and lets each be removed. A chosen file that breaks a
 * rule (type, content, emptiness, size, count, total) is refused with the rule's message,
 * naming it, and the others are kept, so the list always satisfies the rules. The same file
 * chosen twice is listed once. A file the BFF still refused is marked in the list.
 */
export function AttachmentUploader({
  files,
  onChange,
  accept,
  rules,
  hint,
  error,
  refused,
  disabled = false,
}: AttachmentUploaderProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    let choice: AttachmentChoice;
    try {
      choice = await (await loadChooser()).addAttachments(files, chosen, rules);
    } catch {
      // Without the checks (no network), nothing is taken, and the person is told why.
      setRefusal(NETWORK_FAILURE.message);
      return;
    }
    const { files: accepted, problems } = choice;
    setRefusal(problems.length > 0 ? problems.join('\n') : null);
    if (accepted.length !== files.length) onChange(accepted);
  };

  const remove = (index: number) => {
    setRefusal(null);
    onChange(files.filter((_, position) => position !== index));
  };

  const message = refusal ?? error;

  return (
    <div className="flex flex-col gap-3">
      <Field label="Archivos adjuntos" hint={hint} error={message ?? undefined}>
        {(control) => (
          <input
            {...control}
            type="file"
            multiple
            accept={accept}
            disabled={disabled}
            onChange={(event) => void addFiles(event)}
            className="block w-full text-sm text-muted file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-line file:bg-surface-2 file:px-5 file:py-2 file:font-semibold file:text-text hover:file:border-brand"
          />
        )}
      </Field>
      {files.length > 0 && (
        <ul aria-label="Archivos seleccionados" className="flex flex-col gap-2">
          {files.map((file, index) => {
            const mark = refused?.get(file);
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                className={`flex items-center justify-between gap-3 rounded-lg border px-3 py-2 ${mark ? 'border-danger bg-danger/10' : 'border-line bg-surface-2'}`}
              >
                <span className="min-w-0 text-sm">
                  <span className="block truncate">
                    {file.name} <span className="text-muted">({formatFileSize(file.size)})</span>
                  </span>
                  {mark && <span className="block break-words text-danger">{mark}</span>}
                </span>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={`Quitar ${file.name}`}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-text"
                >
                  <CloseIcon />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
