/**
 * What happens when a person chooses files for a service form: each is checked as the BFF
 * will check it (name, type, emptiness, size, and the first bytes against the same magic-byte
 * table, shared/validation/magic-bytes.ts), so a wrong file is named at once instead of
 * failing the whole form after the captcha. The checks load with the forms' validation code.
 */
import type { AttachmentRules } from '#shared/validation/service-forms.ts';

const loadChecks = () =>
  Promise.all([import('#shared/validation/service-forms.ts'), import('#shared/validation/magic-bytes.ts')]);

/** The same file chosen again (from the same folder, unchanged). */
export const sameFile = (a: File, b: File): boolean =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export interface AttachmentChoice {
  /** The list after the choice: the files kept before, then each acceptable new one. */
  files: File[];
  /** Why files were left out, each file named; empty when every file was taken. */
  problems: string[];
}

export async function addAttachments(
  current: readonly File[],
  chosen: readonly File[],
  rules: AttachmentRules,
): Promise<AttachmentChoice> {
  const [forms, magic] = await loadChecks();

  const contentProblem = async (file: File): Promise<string | null> => {
    const extension = forms.attachmentExtension(file.name);
    if (extension === null) return forms.SERVICE_FORM_MESSAGES.attachmentType;
    try {
      const head = new Uint8Array(await file.slice(0, magic.MAGIC_BYTES_NEEDED).arrayBuffer());
      return magic.contentMatchesExtension(head, extension) ? null : forms.SERVICE_FORM_MESSAGES.attachmentContent;
    } catch {
      return forms.SERVICE_FORM_MESSAGES.attachmentUnreadable;
    }
  };

  const files = [...current];
  const problems: string[] = [];
  const note = (problem: string) => {
    if (!problems.includes(problem)) problems.push(problem);
  };
  for (const file of chosen) {
    // Listed once, however many times it is chosen.
    if (files.some((kept) => sameFile(kept, file))) continue;
    const own = forms.attachmentProblem(file, rules) ?? (await contentProblem(file));
    if (own) {
      note(forms.namedAttachmentMessage(file.name, own));
      continue;
    }
    const listProblem = forms.attachmentListProblem([...files, file], rules);
    if (listProblem) {
      note(listProblem);
      continue;
    }
    files.push(file);
  }
  return { files, problems };
}
