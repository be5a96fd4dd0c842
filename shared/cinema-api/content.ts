import { z } from 'zod';
import { dataEnvelope } from './common.ts';

export const SETTING_KEYS = [
  'ticket_servicio',
  'confiteria_servicio',
  'maximo_entradas',
  'membresia_valor',
  'membresia_servicio',
  'popup',
] as const;

/**
 * One setting. Numeric settings carry an integer as text in `value`. The popup setting is
 * kept whole: `value` is the image URL, `complement` the link, `extra` the link target.
 */
const SettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  complement: z.string().nullable(),
  extra: z.string().nullable(),
});
export type Setting = z.infer<typeof SettingSchema>;

/** GET settings. */
export const SettingsAnswerSchema = dataEnvelope(z.array(SettingSchema));

export const FOOTER_CONTENT_TYPES = ['pie-de-pagina-1', 'pie-de-pagina-2'] as const;

const ContentItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
});

/** GET content-types/{type}/contents. */
export const ContentItemsAnswerSchema = dataEnvelope(z.array(ContentItemSchema));

/** A content page (also the corporate sections). `content` is HTML. */
const ContentPageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  content: z.string(),
  /** Absolute URL, or null for the plain layout. */
  image: z.string().nullable(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** GET contents/{id} and GET contents/slug/{slug}. */
export const ContentPageAnswerSchema = dataEnvelope(ContentPageSchema);

const BannerSchema = z.object({
  id: z.number(),
  image: z.string(),
  name: z.string(),
  /** Site path or absolute URL the banner links to. */
  url: z.string(),
  /** '_self' or '_blank'. */
  target: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** GET banners/web. */
export const BannersAnswerSchema = dataEnvelope(z.array(BannerSchema));

const GalleryImageSchema = z.object({ id: z.number(), image: z.string() });
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** GET galleries. */
export const GalleriesAnswerSchema = dataEnvelope(z.array(GalleryImageSchema));
