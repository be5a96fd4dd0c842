import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SettingsAnswerSchema, type Setting } from '../../shared/cinema-api/content.ts';
import { SettingsViewSchema, type SettingsView } from '../../shared/views/settings.ts';
import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';

/** `GET /bff/settings`: the five numeric settings as integers and the popup whole. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { cache: PUBLIC_CACHE }, schema: { response: { 200: SettingsViewSchema } } },
    async (request) => {
      const answer = await app.upstream.call(request, {
        method: 'GET',
        path: 'settings',
        schema: SettingsAnswerSchema,
      });
      return toSettingsView(answer.data);
    },
  );
};

export function toSettingsView(settings: ReadonlyArray<Setting>): SettingsView {
  const byKey = new Map(settings.map((setting) => [setting.key, setting]));
  const integer = (key: string): number => {
    const value = Number.parseInt(byKey.get(key)?.value ?? '', 10);
    return Number.isFinite(value) ? value : 0;
  };
  const popup = byKey.get('popup');
  return {
    ticket_servicio: integer('ticket_servicio'),
    confiteria_servicio: integer('confiteria_servicio'),
    maximo_entradas: integer('maximo_entradas'),
    membresia_valor: integer('membresia_valor'),
    membresia_servicio: integer('membresia_servicio'),
    popup: popup ? { value: popup.value, complement: popup.complement, extra: popup.extra } : null,
  };
}

export default settingsRoutes;
