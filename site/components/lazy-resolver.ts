import type { z } from 'zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once.ts';

export interface LazyResolver<TInput extends FieldValues, TOutput> {
  /** For `useForm({ resolver })`: waits for the validation code on its first run. */
  resolver: Resolver<TInput, unknown, TOutput>;
  /** Starts loading the validation code; call it when the person turns to the form. */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose code (zod and the form's schema) is loaded on demand.
 * Evaluating zod and building the schemas is a long task on a phone, so form islands
 * hydrate without it: `preload` starts the download on the first focus or touch of the
 * form, and the first validation (at the latest on submit) waits for it. A failed download
 * is tried again by the next validation.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): LazyResolver<TInput, TOutput> {
  const loaded = loadOnce(load);
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => {
      loaded().catch(() => undefined);
    },
  };
}

/**
 * `lazyResolver` for a zod schema: the resolver package and the module holding the schema
 * load together, on demand.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  return lazyResolver(async () => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
    return zodResolver(schema);
  });
}
