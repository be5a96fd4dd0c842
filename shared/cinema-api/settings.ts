import type { Setting } from './content.ts';

/**
 * The cinema's settings (`GET settings`) keyed by name: service fees, seat limit, membership
 * price and the home popup, amounts as numbers. The BFF reads them once
 * (bff/settings/settings-plugin.ts) for the catalogue and the purchase.
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
