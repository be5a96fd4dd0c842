import type { z } from 'zod';

/**
 * One BFF endpoint as the site and the BFF both see it. An endpoint is named by its method
 * and path, `'GET /booking/:showtimeId'`: the name is the key of its entry in the contract
 * (`contract.ts`), the BFF registers the route from that entry and the site calls it by that
 * name, so a renamed route or a changed schema fails `tsc` on both sides.
 */

/** An HTTP status the BFF answers with an error body (`ErrorView`). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502;

export type RawMediaType =
  'text/event-stream' | 'text/calendar' | 'application/vnd.apple.pkpass' | 'application/vnd.apple.pkpasses';

/** An answer that is not JSON: the route writes it itself (a stream, a file), in one of its media types. */
export interface RawAnswer {
  mediaType: RawMediaType | readonly RawMediaType[];
  description: string;
}

/** An answer that sends the browser on (`Location`, no body): a plain link that ends on another site. */
export interface RedirectAnswer {
  redirect: 302 | 303;
  description: string;
}

export interface EndpointEntry {
  /** What the endpoint is for, in the API reference. */
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or `'multipart'` for `multipart/form-data` the route reads part by part. */
  body?: z.ZodType | 'multipart';
  /** The success status; 200 when absent. */
  status?: 200 | 201 | 204 | 302 | 303;
  answer: z.ZodType | RawAnswer | RedirectAnswer;
  /** The error answers the route's own handler and hooks give (the BFF adds those of its plugins). */
  errors: readonly ErrorStatus[];
  /** Error answers whose body is not the plain `ErrorView`. */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An endpoint's name: its method, one space, its path with `:name` parameters. */
export type EndpointName = `${Method} /${string}`;

export type EndpointTable = Record<EndpointName, EndpointEntry>;

/** Declares a family of endpoints, keeping each entry's exact type. */
export const endpoints = <const T extends EndpointTable>(table: T): T => table;

export type MethodOf<N extends string> = N extends `${infer M extends Method} ${string}` ? M : never;
export type PathOf<N extends string> = N extends `${Method} ${infer P}` ? P : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
/** A coerced parameter's input is `unknown`; a caller writes it into a path, as text or a number. */
type PathValues<T> = { [K in keyof T]: unknown extends T[K] ? string | number : T[K] };
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** The path parameters: the params schema's input when there is one, else a string per `:name`. */
export type ParamsOf<E extends EndpointEntry, N extends string> = E['params'] extends z.ZodType
  ? PathValues<Input<E['params']>>
  : [ParamNames<PathOf<N>>] extends [never]
    ? undefined
    : Record<ParamNames<PathOf<N>>, string>;

/** What a caller passes: only the parts the endpoint has. */
export type RequestOf<E extends EndpointEntry, N extends string> = OptionalWhenEmpty<
  (ParamsOf<E, N> extends undefined ? object : { params: ParamsOf<E, N> }) &
    (E['query'] extends z.ZodType ? { query: Input<E['query']> } : object) &
    (E['body'] extends 'multipart'
      ? { body: MultipartForm }
      : E['body'] extends z.ZodType
        ? { body: Input<E['body']> }
        : object)
>;
/** A browser's `FormData`, as far as shared/ (which sees no DOM) can name it. */
interface MultipartForm {
  append(name: string, value: never): void;
}
type OptionalWhenEmpty<T> = keyof T extends never ? T | undefined : T;

/** What a JSON endpoint answers on success (as the BFF sends it, after its response schema). */
export type AnswerOf<E extends EndpointEntry> = E['answer'] extends z.ZodType ? Output<E['answer']> : never;
