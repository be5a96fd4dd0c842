import { SignJWT } from 'jose';
import { Agent, request } from 'undici';
import type { GoogleWalletConfig } from '#bff/plugins/wallet-config.ts';

/**
 * The calls "Guardar en Google Wallet" makes to Google (bff/decisions/wallet-passes.md): an
 * access token for the service account (OAuth 2.0's JWT bearer grant, RFC 7523, kept until a
 * minute before it ends), and the insert of a class or an object of the Wallet API, which
 * updates it when it exists already (409 ALREADY_EXISTS, then PUT). Bounded waits: a Google
 * that does not answer makes the person's click a 502 within seconds, never a hung request.
 * Neither the token nor a resource is ever logged.
 */

export type WalletResourceKind = 'eventTicketClass' | 'eventTicketObject';

export interface GoogleWalletApi {
  /** Inserts the resource, or updates it when Google has it already. */
  save(kind: WalletResourceKind, resource: { id: string } & Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** Why a call to Google failed (its status, or the network), for the log line; never its body. */
export class GoogleWalletError extends Error {
  override readonly name = 'GoogleWalletError';
}

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const TIMEOUT_MS = 5_000;
/** An access token is used until this long before Google says it ends. */
const TOKEN_MARGIN_MS = 60_000;
const ASSERTION_SECONDS = 3_600;

export function createGoogleWalletApi(config: GoogleWalletConfig, now: () => number = Date.now): GoogleWalletApi {
  const dispatcher = new Agent({
    connect: { timeout: TIMEOUT_MS },
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    keepAliveTimeout: 30_000,
  });
  let token: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, body?: string) {
    try {
      const answer = await request(url, { method, headers, body, dispatcher });
      const text = await answer.body.text();
      return { status: answer.statusCode, text };
    } catch (error) {
      throw new GoogleWalletError(`${method} ${new URL(url).pathname}: ${(error as Error).message}`, { cause: error });
    }
  }

  async function freshToken(): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(config.serviceAccountEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_SECONDS)
      .sign(config.privateKey);
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
    const answer = await call(
      'POST',
      config.tokenUrl,
      { 'content-type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    if (answer.status !== 200) throw new GoogleWalletError(`token endpoint answered ${answer.status}`);
    const body = JSON.parse(answer.text) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number')
      throw new GoogleWalletError('token endpoint answered no access token');
    token = { value: body.access_token, until: now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  /** The access token, asked for once however many clicks need it at the same moment. */
  function accessToken(): Promise<string> {
    if (token && token.until > now()) return Promise.resolve(token.value);
    pending ??= freshToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    async save(kind, resource) {
      const bearer = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' };
      const body = JSON.stringify(resource);
      const inserted = await call('POST', `${config.apiUrl}/${kind}`, bearer, body);
      if (inserted.status === 200) return;
      if (inserted.status === 401) token = null;
      if (inserted.status !== 409) throw new GoogleWalletError(`insert of a ${kind} answered ${inserted.status}`);
      const updated = await call('PUT', `${config.apiUrl}/${kind}/${encodeURIComponent(resource.id)}`, bearer, body);
      if (updated.status !== 200) throw new GoogleWalletError(`update of a ${kind} answered ${updated.status}`);
    },
    close: () => dispatcher.close(),
  };
}
