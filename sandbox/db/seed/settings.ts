export interface SettingSeed {
  key: string;
  value: string;
  complement: string | null;
  extra: string | null;
  /** True when `value` is an image name to serve as an absolute URL. */
  valueIsImage: boolean;
}

export const SETTINGS: SettingSeed[] = [
  { key: 'ticket_servicio', value: '2000', complement: null, extra: null, valueIsImage: false },
  { key: 'confiteria_servicio', value: '1000', complement: null, extra: null, valueIsImage: false },
  { key: 'maximo_entradas', value: '10', complement: null, extra: null, valueIsImage: false },
  { key: 'membresia_valor', value: '60000', complement: null, extra: null, valueIsImage: false },
  { key: 'membresia_servicio', value: '3000', complement: null, extra: null, valueIsImage: false },
  { key: 'popup', value: 'popup-club', complement: '/club-vizionarios', extra: '_self', valueIsImage: true },
];

export function settingNumber(key: string): number {
  const found = SETTINGS.find((setting) => setting.key === key);
  if (found === undefined) throw new Error(`unknown setting ${key}`);
  return Number.parseInt(found.value, 10);
}
