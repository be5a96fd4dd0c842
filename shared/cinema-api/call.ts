import type { z } from 'zod';

/**
 * One call of the cinema API as the BFF, the sandbox and the conformance check all see it. A
 * call is named by its method and path template, `'GET /movies/:slug'` (relative to the API
 * root, `UPSTREAM_URL`): the name is the key of its entry in `api.ts`, the BFF's upstream client
 * calls by that name, the sandbox serves its route from that entry, and `npm run
 * check:upstream` asks any API for it and holds the answer against `answer`.
 */

export type CinemaMethod = 'GET' | 'POST' | 'PUT';

/** A call's name: its method, one space, its path with `:name` parameters. */
export type CinemaCallName = `${CinemaMethod} /${string}`;

/** `bearer`: the session's token is required; `optional-bearer`: accepted (an invalid one is ignored). */
export type CinemaAuth = 'none' | 'bearer' | 'optional-bearer';

/** The extra secret header a few calls demand besides the API key and the action header. */
export type CinemaSecretHeader = 'registerCode' | 'registrationKey';

/** A status the API answers on purpose, with `{message}` (and `errors` on 422). */
export type CinemaErrorStatus = 401 | 402 | 403 | 404 | 413 | 422;

export interface CinemaCall {
  description: string;
  auth: CinemaAuth;
  secretHeader?: CinemaSecretHeader;
  /** The path parameters, by their `:name`. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, or `'multipart'` (form fields and files, relayed as a stream). */
  body?: z.ZodType | 'multipart';
  /** The success status; 200 when absent. */
  status?: 200 | 201;
  /** The success answer. */
  answer: z.ZodType;
  /** Error statuses whose body is the success answer all the same (a declined card: 402). */
  answerAlsoOn?: readonly CinemaErrorStatus[];
  /** The statuses this call answers on purpose besides those every call may get (401/403 of the secret headers, 406). */
  errors: readonly CinemaErrorStatus[];
  /** Why the BFF never makes this call (it stays declared: the sandbox serves it, the check asks for it). */
  notCalledByBff?: string;
}

export type CinemaCallTable = Record<CinemaCallName, CinemaCall>;

/** Declares a family of calls, keeping each entry's exact type. */
export const cinemaCalls = <const T extends CinemaCallTable>(table: T): T => table;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type OptionalWhenEmpty<T> = keyof T extends never ? T | undefined : T;

/** What a caller passes: only the parts the call has (multipart bodies are streamed apart). */
export type CinemaRequestOf<E extends CinemaCall> = OptionalWhenEmpty<
  (E['params'] extends z.ZodType ? { params: Input<E['params']> } : object) &
    (E['query'] extends z.ZodType
      ? object extends Input<E['query']>
        ? { query?: Input<E['query']> }
        : { query: Input<E['query']> }
      : object) &
    (E['body'] extends z.ZodType ? { body: Input<E['body']> } : object)
>;

/** What the call answers on success, as its schema reads it. */
export type CinemaAnswerOf<E extends CinemaCall> = Output<E['answer']>;

/** The method of a call's name. */
export const cinemaMethodOf = (name: CinemaCallName): CinemaMethod =>
  // The name starts with its method: CinemaCallName's template says so.
  name.slice(0, name.indexOf(' ')) as CinemaMethod;

/** The path template of a call's name, without its leading slash: `movies/:slug`. */
export const cinemaTemplateOf = (name: CinemaCallName): string => name.slice(name.indexOf(' ') + 2);

/**
 * The path of a call relative to the API root, each `:name` filled with its value encoded as one
 * path segment (a slug or a bill can never reach another path).
 */
export function cinemaPathOf(name: CinemaCallName, params?: Readonly<Record<string, unknown>>): string {
  return cinemaTemplateOf(name).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${name}: the path parameter "${key}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
