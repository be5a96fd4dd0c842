import { useState, type ChangeEvent } from 'react';
import type { AttachmentOptions } from './form-options.ts';
import { Field } from '../../components/Field.tsx';

// The rules' code lives beside the forms' zod schemas: it loads with the form's validation,
// by the time a file is chosen (the click on the input already started the download).
const loadChecks = () => import('../../../shared/validation/service-forms.ts');

export interface AttachmentUploaderProps extends AttachmentOptions {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The form's own message for the list (from the schema, on submit). */
  error?: string | undefined;
  disabled?: boolean;
}

// Made on first use: building a formatter loads locale data, a long task on a phone that
// would otherwise run while the page hydrates.
let sizeFormat: Intl.NumberFormat | null = null;

function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  sizeFormat ??= new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/**
 * Takes several files, lists them and lets each be removed. A chosen file that breaks a
 * rule (type, emptiness, size, count, total) is refused with the rule's message and the
 * others are kept, so the list always satisfies the rules.
 */
export function AttachmentUploader({ files, onChange, accept, rules, hint, error, disabled = false }: AttachmentUploaderProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    const { attachmentListProblem, attachmentProblem } = await loadChecks();
    let accepted: File[] = [...files];
    let problem: string | null = null;
    for (const file of chosen) {
      const own = attachmentProblem(file, rules);
      const listProblem = own ?? attachmentListProblem([...accepted, file], rules);
      if (listProblem) {
        problem ??= listProblem;
        continue;
      }
      accepted = [...accepted, file];
    }
    setRefusal(problem);
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
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2"
            >
              <span className="min-w-0 truncate text-sm">
                {file.name} <span className="text-muted">({readableSize(file.size)})</span>
              </span>
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Quitar ${file.name}`}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-text"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
