import type { FastifyInstance } from 'fastify';
import { buildSandbox, type SandboxOptions } from '#sandbox/app.ts';

/** Tuesday 2026-03-10, 10:00 in Bogota: a fixed base clock keeps the programme predictable. */
export const FIXED_NOW = new Date('2026-03-10T15:00:00Z');
export const TODAY = '2026-03-10';
export const TOMORROW = '2026-03-11';
export const SITE_URL = 'http://site.test';

export const SECRETS = {
  apiKey: 'test-api-key',
  actionKey: 'test-action-key',
  registerCode: 'dGVzdC1yZWdpc3Rlci1jb2Rl',
  registrationKey: 'test-registration-key',
};

export const DEMO = { email: 'demo@viziona.co', password: 'Demo1234' };
export const MEMBER = { email: 'club@viziona.co', password: 'Club1234' };

export interface CallOptions {
  method?: string;
  body?: unknown;
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
  /** Default headers to leave out (e.g. 'X-Api-Key'). */
  omit?: string[];
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Sandbox {
  app: FastifyInstance;
  origin: string;
  call<T = unknown>(path: string, options?: CallOptions): Promise<Answer<T>>;
  tool<T = unknown>(path: string, init?: RequestInit): Promise<Answer<T>>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const app = buildSandbox({
    db: ':memory:',
    now: () => FIXED_NOW,
    secrets: SECRETS,
    publicSiteUrl: SITE_URL,
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;

  const read = async <T>(response: Response): Promise<Answer<T>> => {
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '')
      body = JSON.parse(text);
    return { status: response.status, body: body as T, headers: response.headers, text };
  };

  return {
    app,
    origin,
    async call<T>(path: string, options: CallOptions = {}) {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Api-Key': SECRETS.apiKey,
        'X-Custom-Action': SECRETS.actionKey,
        ...options.headers,
      };
      if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      for (const name of options.omit ?? []) delete headers[name];
      const response = await fetch(`${origin}/api/v1/${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        redirect: 'manual',
      });
      return read<T>(response);
    },
    async tool<T>(path: string, init: RequestInit = {}) {
      return read<T>(await fetch(`${origin}/sandbox/${path}`, { redirect: 'manual', ...init }));
    },
    close: () => app.close(),
  };
}
