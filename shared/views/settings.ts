import { z } from 'zod';

/** The popup setting, kept whole: `value` the image, `complement` the link, `extra` the target. */
export const PopupSettingViewSchema = z.object({
  value: z.string(),
  complement: z.string().nullable(),
  extra: z.string().nullable(),
});
export type PopupSettingView = z.infer<typeof PopupSettingViewSchema>;

/**
 * `GET /bff/settings`: the settings the site reads, the first five parsed as integers
 * (0 when missing or not a number), the popup whole (null when absent).
 */
export const SettingsViewSchema = z.object({
  ticket_servicio: z.number().int(),
  confiteria_servicio: z.number().int(),
  maximo_entradas: z.number().int(),
  membresia_valor: z.number().int(),
  membresia_servicio: z.number().int(),
  popup: PopupSettingViewSchema.nullable(),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;
