import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { AttachmentLike } from '#shared/validation/service-forms.ts';
import type { CaptchaFieldHandle } from '../../components/captcha/CaptchaField.tsx';
import type { ServerFieldErrors } from '../../components/Form.tsx';
import { refusedFilesOf } from './refused-files.ts';
import type { SubmitResult } from './stores.ts';
import { SEND_NOTICES } from './texts.ts';

/** What both service forms have besides their own fields. */
interface ServiceFormFields extends FieldValues {
  captcha: string;
  attachments?: AttachmentLike[] | undefined;
}

export interface ServiceFormOptions<TInput extends ServiceFormFields, TValues> {
  defaultValues: TInput;
  /** Posts the values; `onConfirmed` runs when the person closes the success modal. */
  send: (values: TValues, files: File[], onConfirmed: () => void) => Promise<SubmitResult>;
}

/**
 * The shared workings of the PQR and ethics forms around `Form`: the attachment list and the
 * captcha wired into the form values, the reset after a confirmed success, and after a
 * failure or a cancel a notice that everything typed and chosen is still there, the files
 * the BFF refused and a new captcha (a proof is spent once the BFF has seen it, so its
 * message would only confuse).
 */
export function useServiceForm<TInput extends ServiceFormFields, TValues>({
  defaultValues,
  send,
}: ServiceFormOptions<TInput, TValues>) {
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  // Files the BFF refused in the last attempt, with its message (marked in the list).
  const [refusedFiles, setRefusedFiles] = useState<ReadonlyMap<File, string>>(() => new Map());
  const [sentOnce, setSentOnce] = useState(false);
  const [notice, setNotice] = useState<{ text: string; focus: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);
  // Until the island is interactive, a click would submit the bare HTML form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The two names exist on every TInput (ServiceFormFields); react-hook-form cannot see that
  // through a generic, hence the assertions to its path types.
  const attachmentsPath = 'attachments' as Path<TInput>;
  const captchaPath = 'captcha' as Path<TInput>;
  // The uploader only ever puts browser Files in the field.
  const filesOf = (form: UseFormReturn<TInput, unknown, TValues>) => (form.watch(attachmentsPath) ?? []) as File[];

  const onSubmit = async (
    values: TValues,
    form: UseFormReturn<TInput, unknown, TValues>,
  ): Promise<ServerFieldErrors | null> => {
    setRefusedFiles(new Map());
    setNotice(null);
    setSentOnce(true);
    const files = filesOf(form);
    const result = await send(values, files, () => {
      form.reset(defaultValues);
      setRefusedFiles(new Map());
      captchaRef.current?.reset();
    });
    if (result.outcome === 'sent') return null;
    // The BFF may have verified, and so spent, the proof before the upload stopped.
    captchaRef.current?.reset();
    if (result.outcome === 'cancelled') {
      setNotice({ text: SEND_NOTICES.cancelled, focus: true });
      return null;
    }
    setNotice({ text: SEND_NOTICES.failed(result.failure.message), focus: false });
    setRefusedFiles(refusedFilesOf(result.failure, files));
    const { captcha: _spent, ...fields } = result.failure.fields ?? {};
    return fields;
  };

  return {
    hydrated,
    onSubmit,
    /** Props of the `AttachmentUploader`, read while rendering (the form re-renders for what is read). */
    attachmentProps: (form: UseFormReturn<TInput, unknown, TValues>) => {
      const { errors, isSubmitted, isSubmitting } = form.formState;
      return {
        files: filesOf(form),
        onChange: (next: File[]) =>
          form.setValue(attachmentsPath, next as PathValue<TInput, Path<TInput>>, { shouldValidate: isSubmitted }),
        error: errors.attachments?.message as string | undefined,
        refused: refusedFiles,
        disabled: isSubmitting,
      };
    },
    /** Props of `ServiceFormSend` (the captcha and 'Enviar'), read while rendering. */
    sendProps: (form: UseFormReturn<TInput, unknown, TValues>) => {
      const { errors, isSubmitted, isSubmitting } = form.formState;
      return {
        captcha: {
          ref: captchaRef,
          error: errors.captcha?.message as string | undefined,
          onChange: (payload: string) =>
            form.setValue(captchaPath, payload as PathValue<TInput, Path<TInput>>, { shouldValidate: isSubmitted }),
        },
        disabled: !hydrated || isSubmitting,
        notice: notice?.text ?? null,
        noticeRef,
        sentOnce,
      };
    },
  };
}
