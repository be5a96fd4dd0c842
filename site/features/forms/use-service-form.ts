import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type Path, type PathValue } from 'react-hook-form';
import type { AttachmentLike } from '../../../shared/validation/service-forms.ts';
import type { CaptchaFieldHandle } from '../../components/captcha/CaptchaField.tsx';
import type { LazyResolver } from '../../components/lazy-resolver.ts';
import { refusedFilesOf, showFieldErrors } from './field-errors.ts';
import type { SubmitResult } from './stores.ts';

/** What both service forms have besides their own fields. */
interface ServiceFormFields {
  captcha: string;
  attachments?: AttachmentLike[] | undefined;
}

export interface ServiceFormOptions<TInput extends ServiceFormFields, TValues> {
  validation: LazyResolver<TInput, TValues>;
  defaultValues: TInput;
  /** Fields that may carry a message from the BFF. */
  fieldNames: ReadonlyArray<Path<TInput>>;
  /** Posts the values; `onConfirmed` runs when the person closes the success modal. */
  send: (values: TValues, files: File[], onConfirmed: () => void) => Promise<SubmitResult>;
}

/**
 * The shared workings of the PQR and ethics forms: react-hook-form with the lazy zod
 * resolver, the attachment list and the captcha wired into the form values, the reset
 * after a confirmed success, and the BFF's field messages after a failure (with a new
 * captcha, since a proof is spent once the BFF has seen it).
 */
export function useServiceForm<TInput extends ServiceFormFields, TValues>({
  validation,
  defaultValues,
  fieldNames,
  send,
}: ServiceFormOptions<TInput, TValues>) {
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  // Files the BFF refused in the last attempt, with its message (marked in the list).
  const [refusedFiles, setRefusedFiles] = useState<ReadonlyMap<File, string>>(() => new Map());
  // Until the island is interactive, a click would submit the bare HTML form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = useForm<TInput, unknown, TValues>({
    resolver: validation.resolver,
    defaultValues: defaultValues as DefaultValues<TInput>,
  });
  const { handleSubmit, setValue, setError, reset, watch } = form;
  // Read while rendering: react-hook-form re-renders only for the parts of the state read.
  const { errors, isSubmitting, isSubmitted } = form.formState;
  // The two names exist on every TInput (ServiceFormFields); react-hook-form cannot see
  // that through a generic, hence the assertions to its path types.
  const attachmentsPath = 'attachments' as Path<TInput>;
  const captchaPath = 'captcha' as Path<TInput>;
  // The uploader only ever puts browser Files in the field.
  const files = (watch(attachmentsPath) ?? []) as File[];

  const startOver = () => {
    reset(defaultValues);
    setRefusedFiles(new Map());
    captchaRef.current?.reset();
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusedFiles(new Map());
    const result = await send(values, files, startOver);
    if (!result.ok) {
      captchaRef.current?.reset();
      showFieldErrors(result.failure, setError, fieldNames);
      setRefusedFiles(refusedFilesOf(result.failure, files));
    }
  });

  return {
    form,
    hydrated,
    /** Props of the `<form>` element. */
    formProps: { noValidate: true, onSubmit, onFocus: validation.preload, onPointerDown: validation.preload },
    attachmentProps: {
      files,
      onChange: (next: File[]) =>
        setValue(attachmentsPath, next as PathValue<TInput, Path<TInput>>, { shouldValidate: isSubmitted }),
      error: errors.attachments?.message as string | undefined,
      refused: refusedFiles,
      disabled: isSubmitting,
    },
    captchaProps: {
      ref: captchaRef,
      error: errors.captcha?.message as string | undefined,
      onChange: (payload: string) =>
        setValue(captchaPath, payload as PathValue<TInput, Path<TInput>>, { shouldValidate: isSubmitted }),
    },
  };
}
