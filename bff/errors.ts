import { INVALID_IDENTIFIER_MESSAGE } from '#shared/contract/params.ts';
import { ErrorViewSchema, type BffErrorCode, type ErrorView } from '#shared/views/errors.ts';

/**
 * The one error shape of the BFF: `{ error: { code, message, fields? } }` with the right
 * HTTP status, its code one of `BFF_ERROR_CODES` (shared/views/errors.ts). Handlers and
 * plugins throw a `BffError`; the error handler writes it.
 */

export class BffError extends Error {
  override name = 'BffError';
  readonly statusCode: number;
  readonly code: BffErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: BffErrorCode,
    message: string,
    fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }

  toBody(): ErrorView {
    const body: ErrorView = { error: { code: this.code, message: this.message } };
    if (this.fields && Object.keys(this.fields).length > 0) body.error.fields = this.fields;
    return body;
  }
}

/** Spanish texts of the BFF's own errors (the spec does not show the server's errors). */
export const ERROR_MESSAGES = {
  validation: 'Revisa los datos ingresados.',
  badRequest: 'La solicitud no es válida.',
  unauthenticated: 'Debes iniciar sesión para continuar.',
  sessionExpired: 'Tu sesión expiró. Inicia sesión de nuevo.',
  notFound: 'No encontramos lo que buscas.',
  crossSite: 'Solicitud rechazada: no proviene de este sitio.',
  rateLimited: 'Demasiados intentos. Intenta de nuevo en unos minutos.',
  tooManyStreams: 'Tienes demasiadas ventanas de compra abiertas. Cierra alguna e intenta de nuevo.',
  upstreamUnavailable: 'No pudimos comunicarnos con el servicio en este momento. Intenta de nuevo en unos minutos.',
  internal: 'Ocurrió un error inesperado. Intenta de nuevo.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El formato de la solicitud no es compatible.',
  invalidIdentifier: INVALID_IDENTIFIER_MESSAGE,
} as const;

export const unauthenticated = (message: string = ERROR_MESSAGES.unauthenticated): BffError =>
  new BffError(401, 'UNAUTHENTICATED', message);

export const notFound = (message: string = ERROR_MESSAGES.notFound): BffError =>
  new BffError(404, 'NOT_FOUND', message);

/** What each error status means, wherever the BFF answers it. */
const ERROR_STATUS_MEANINGS = {
  400: 'A malformed request: its body, a path parameter or the query (BAD_REQUEST, with `fields` when known).',
  401: 'No session, or it ended (UNAUTHENTICATED).',
  402: 'The card was declined and no bill was kept (PAYMENT_DECLINED).',
  403: 'A cross-site request, or one without `X-Viziona-Client: web` (CROSS_SITE); or the cinema API refused it (FORBIDDEN).',
  404: 'Nothing by that identifier (NOT_FOUND).',
  409: 'What the request counted on changed: the hold, the price, the total, a payment or reservation running (the code says which).',
  413: 'The body is too large (PAYLOAD_TOO_LARGE, or the attachment code).',
  415: 'The body is not of a type this route takes (UNSUPPORTED_MEDIA_TYPE).',
  422: 'The data does not pass the rules: `fields` maps each field to its Spanish message (VALIDATION_FAILED or a specific code).',
  429: 'Too many requests from this address, person or account (RATE_LIMITED, ACCOUNT_LOCKED, TOO_MANY_MAILS).',
  500: 'An unexpected failure; details are logged, never sent (INTERNAL).',
  502: 'The cinema API did not answer, or not as agreed (UPSTREAM_UNAVAILABLE).',
} as const;

/** An HTTP status the BFF answers with an error body. */
export type ErrorStatus = keyof typeof ERROR_STATUS_MEANINGS;

const ERROR_ANSWERS = Object.fromEntries(
  Object.entries(ERROR_STATUS_MEANINGS).map(([status, meaning]) => [status, ErrorViewSchema.describe(meaning)]),
) as Record<ErrorStatus, typeof ErrorViewSchema>;

/**
 * The error answers of a route's response schema: `response: { 200: View, ...errorAnswers(404, 502) }`.
 * They document the route (bff/openapi.json) and hold every error body to `ErrorViewSchema`.
 * The answers the BFF's own plugins give before a handler runs are added to every route by
 * `plugins/error-handler.ts`; a route declares the ones its handler gives.
 */
export function errorAnswers<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorViewSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ERROR_ANSWERS[status]])) as Record<
    S,
    typeof ErrorViewSchema
  >;
}
