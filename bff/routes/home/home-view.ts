import type { Banner, Setting } from '../../../shared/cinema-api/content.ts';
import type { BannerView, LinkTarget, PopupView } from '../../../shared/views/catalogue.ts';

export const toLinkTarget = (target: string | null | undefined): LinkTarget =>
  target?.trim() === '_blank' ? '_blank' : '_self';

export function toBanner(banner: Banner): BannerView {
  return { id: banner.id, image: banner.image, name: banner.name, url: banner.url.trim(), target: toLinkTarget(banner.target) };
}

/** Banners without an image cannot be shown in the carousel. */
export function buildBanners(banners: ReadonlyArray<Banner>): BannerView[] {
  return banners.filter((banner) => banner.image.trim() !== '').map(toBanner);
}

const isSafeLink = (url: string): boolean => /^(https?:\/\/|\/(?!\/))/i.test(url);

/** The `popup` setting: `value` is the image, `complement` the link, `extra` its target. None without an image. */
export function popupFromSettings(settings: ReadonlyArray<Setting>): PopupView | null {
  const popup = settings.find((setting) => setting.key === 'popup');
  const image = popup?.value.trim();
  if (!popup || !image || !isSafeLink(image)) return null;
  const link = popup.complement?.trim() ?? '';
  return { image, url: link && isSafeLink(link) ? link : null, target: toLinkTarget(popup.extra) };
}

/** A numeric setting (integers come as text); 0 when absent or unreadable. */
export function numericSetting(settings: ReadonlyArray<Setting>, key: string): number {
  const value = Number(settings.find((setting) => setting.key === key)?.value ?? '');
  return Number.isFinite(value) ? value : 0;
}
