import type { UpstreamCaller } from '#bff/plugins/upstream.ts';
import fp from 'fastify-plugin';
import { parseSettings, type Settings } from '#shared/cinema-api/settings.ts';
import { ReadCache } from '#bff/plugins/read-cache.ts';

/**
 * The cinema's settings (service fees, seat limit, membership price, the home popup): one
 * upstream read and one cache, for the catalogue (club price, popup) and the purchase (fees,
 * seat limit, membership price), reached through the app (`app.settings`). A payment reads
 * them `fresh`, so it is priced from what the cinema API says now.
 */

/** Fresh for 30 s (prices follow a change within that), served stale for 30 min while the API fails. */
const SETTINGS_CACHE = { freshMs: 30_000, keepMs: 30 * 60_000 } as const;

interface SettingsSource {
  read(caller: UpstreamCaller, options?: { fresh?: boolean }): Promise<Settings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsSource;
  }
}

export const settingsPlugin = fp(
  async (app) => {
    const cache = new ReadCache({ ...SETTINGS_CACHE, maxEntries: 1 });
    const load = async (request: UpstreamCaller): Promise<Settings> => {
      const answer = await app.upstream.call(request, 'GET /settings');
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
