import type { Banner } from '#shared/cinema-api/content.ts';
import type { BannerView, LinkTarget, PopupView } from '#shared/views/catalogue.ts';
import type { Settings } from '#shared/cinema-api/settings.ts';

const toLinkTarget = (target: string | null | undefined): LinkTarget =>
  target?.trim() === '_blank' ? '_blank' : '_self';

function toBanner(banner: Banner): BannerView {
  return {
    id: banner.id,
    image: banner.image,
    name: banner.name,
    url: banner.url.trim(),
    target: toLinkTarget(banner.target),
  };
}

/** Banners without an image cannot be shown in the carousel. */
export function buildBanners(banners: ReadonlyArray<Banner>): BannerView[] {
  return banners.filter((banner) => banner.image.trim() !== '').map(toBanner);
}

const isSafeLink = (url: string): boolean => /^(https?:\/\/|\/(?!\/))/i.test(url);

/** The `popup` setting: `value` is the image, `complement` the link, `extra` its target. None without an image. */
export function toPopupView(popup: Settings['popup']): PopupView | null {
  const image = popup?.value.trim();
  if (!popup || !image || !isSafeLink(image)) return null;
  const link = popup.complement?.trim() ?? '';
  return { image, url: link && isSafeLink(link) ? link : null, target: toLinkTarget(popup.extra) };
}
