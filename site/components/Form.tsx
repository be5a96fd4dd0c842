import { useEffect, type FormHTMLAttributes, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { LazyResolver } from './lazy-resolver.ts';
import { useHydrated } from './use-hydrated.ts';

/** The server's message per field (our schema's names); names the form does not have are left out. */
export type ServerFieldErrors = Readonly<Record<string, string>>;

export interface FormProps<TInput extends FieldValues, TOutput> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children' | 'method' | 'noValidate'
> {
  /** The form's zod schema, loaded when the person turns to the form (`lazyZodResolver`). */
  validation: LazyResolver<TInput, TOutput>;
  defaultValues: DefaultValues<NoInfer<TInput>>;
  /** Sends the valid values; answers the server's field messages to show under their fields, if any. */
  onSubmit: (
    values: TOutput,
    form: UseFormReturn<TInput, unknown, TOutput>,
  ) => Promise<ServerFieldErrors | null | void>;
  /** The field that takes the focus when the form appears in place of something else. */
  initialFocus?: Path<TInput>;
  /** The fields, given the form (`register`, `formState.errors`, `formState.isSubmitting`, ...). */
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
}

/** The values name every field with a default value or a mounted control. */
const isFieldOf = <T extends FieldValues>(values: T, name: string): name is Path<T> => Object.hasOwn(values, name);

/**
 * A form of react-hook-form validated by a zod schema of `shared/validation/`: the schema loads
 * on the first focus or touch of the form (at the latest on submit), the values reach
 * `onSubmit` only when valid, and the server's field messages go under their fields. Its
 * children lay out the fields with `Field`, which wires each control's label and messages.
 */
export function Form<TInput extends FieldValues, TOutput>({
  validation,
  defaultValues,
  onSubmit,
  initialFocus,
  children,
  ...attributes
}: FormProps<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: validation.resolver, defaultValues });
  const { getValues, setError, setFocus } = form;
  const hydrated = useHydrated();

  useEffect(() => {
    if (initialFocus && hydrated) setFocus(initialFocus);
  }, [initialFocus, hydrated, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    const fields = await onSubmit(values, form);
    const known = getValues();
    for (const [name, message] of Object.entries(fields ?? {})) {
      if (isFieldOf(known, name)) setError(name, { type: 'server', message });
    }
  });

  return (
    // method="post": a submit before hydration must never put what was typed (a password) in the URL.
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={validation.preload}
      onPointerDown={validation.preload}
      {...attributes}
    >
      {/* Closed until the island runs: the form would replace what was typed, and a submit would go nowhere. */}
      <fieldset disabled={!hydrated} className="contents">
        {children(form)}
      </fieldset>
    </form>
  );
}
