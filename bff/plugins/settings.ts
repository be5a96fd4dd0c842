import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsAnswerSchema, type Setting } from '../../shared/cinema-api/content.ts';
import { CatalogueCache } from './catalogue-cache.ts';

/**
 * The cinema's settings (service fees, seat limit, membership price, the home popup): one
 * upstream read, one parser and one cache, for the catalogue (club price, popup) and the
 * purchase (fees, seat limit, membership price). A payment reads them `fresh`, so it is
 * priced from what the cinema API says now.
 */
export interface Settings {
  ticket_servicio: number;
  confiteria_servicio: number;
  maximo_entradas: number;
  membresia_valor: number;
  membresia_servicio: number;
  /** The popup setting whole: `value` the image, `complement` the link, `extra` its target. */
  popup: Pick<Setting, 'value' | 'complement' | 'extra'> | null;
}

/** A numeric setting: pesos or a count, as text; 0 when absent, negative or not a number. */
function amount(setting: Setting | undefined): number {
  const value = Number(setting?.value.trim() ?? '');
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

export function parseSettings(settings: ReadonlyArray<Setting>): Settings {
  const byKey = new Map(settings.map((setting) => [setting.key, setting]));
  const popup = byKey.get('popup');
  return {
    ticket_servicio: amount(byKey.get('ticket_servicio')),
    confiteria_servicio: amount(byKey.get('confiteria_servicio')),
    maximo_entradas: amount(byKey.get('maximo_entradas')),
    membresia_valor: amount(byKey.get('membresia_valor')),
    membresia_servicio: amount(byKey.get('membresia_servicio')),
    popup: popup ? { value: popup.value, complement: popup.complement, extra: popup.extra } : null,
  };
}

/** Fresh for 30 s (prices follow a change within that), served stale for 30 min while the API fails. */
const SETTINGS_CACHE = { freshMs: 30_000, keepMs: 30 * 60_000 } as const;

interface SettingsSource {
  read(request: FastifyRequest, options?: { fresh?: boolean }): Promise<Settings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsSource;
  }
}

export const settingsPlugin = fp(
  async (app) => {
    const cache = new CatalogueCache({ ...SETTINGS_CACHE, maxEntries: 1 });
    const load = async (request: FastifyRequest): Promise<Settings> => {
      const answer = await app.upstream.call(request, { method: 'GET', path: 'settings', schema: SettingsAnswerSchema });
      return parseSettings(answer.data);
    };
    app.decorate('settings', {
      async read(request, options) {
        if (options?.fresh) cache.delete('settings');
        return (await cache.read('settings', () => load(request))).value;
      },
    } satisfies SettingsSource);
  },
  { name: 'viziona-settings', dependencies: ['viziona-upstream'] },
);
