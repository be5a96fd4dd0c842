import type { EndpointName, MethodOf } from './endpoint.ts';

/**
 * The URL path of an endpoint under the BFF, its `:name` parameters filled in and escaped,
 * and its query appended. Without zod: the browser's client imports it on every page.
 */
export function pathOf(
  name: EndpointName,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const path = name.slice(name.indexOf(' ') + 1).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`${name}: the path parameter "${key}" is missing`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** The method of an endpoint's name. */
export const methodOf = <N extends EndpointName>(name: N): MethodOf<N> =>
  // The name starts with its method: EndpointName's template says so.
  name.slice(0, name.indexOf(' ')) as MethodOf<N>;

/** The parts of a call, as `RequestOf` types them for each endpoint. */
export interface RequestParts {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
}

/** The path of a call: the endpoint's path with the request's params and query. */
export function requestPath(name: EndpointName, request: object | undefined): string {
  // RequestOf<…> is always a RequestParts, narrowed per endpoint.
  const { params, query } = (request ?? {}) as RequestParts;
  return pathOf(name, params, query);
}
