/**
 * The one error shape of the BFF: `{ error: { code, message, fields? } }` with the right
 * HTTP status. Handlers and plugins throw a `BffError`; the error handler writes it.
 */

export type ErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
};

/** Carried by every BffError, whichever copy of this module made it. */
const BFF_ERROR = Symbol.for('viziona.bff-error');

export class BffError extends Error {
  /**
   * `instanceof BffError` holds for an error made by another copy of this module: under
   * vitest, the route plugins (which @fastify/autoload imports with Node's own loader) and
   * what they import are a second copy beside the one vitest transforms.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && BFF_ERROR in value && value[BFF_ERROR] === true;
  }

  readonly [BFF_ERROR] = true;
  override name = 'BffError';
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: { code: this.code, message: this.message } };
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
  upstreamUnavailable:
    'No pudimos comunicarnos con el servicio en este momento. Intenta de nuevo en unos minutos.',
  internal: 'Ocurrió un error inesperado. Intenta de nuevo.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El formato de la solicitud no es compatible.',
  invalidIdentifier: 'El identificador no es válido.',
} as const;

export const unauthenticated = (message: string = ERROR_MESSAGES.unauthenticated): BffError =>
  new BffError(401, 'UNAUTHENTICATED', message);

export const notFound = (message: string = ERROR_MESSAGES.notFound): BffError =>
  new BffError(404, 'NOT_FOUND', message);
