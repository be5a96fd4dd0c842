import { expect, type Page } from '@playwright/test';
import { IMAGE_WIDTHS } from '#site/lib/image-url.ts';
import { test } from './fixtures.ts';

/**
 * The image path as a person meets it (site/decisions/image-path.md), on the phone and on the
 * desktop, each by its own layout: photos come resized from our `/_image` as AVIF, at about the
 * size the screen needs; only what is in the first screen loads at once, one image first of all.
 * With reduced motion, so no carousel moves on its own and the first screen stays the server's.
 */

interface Shown {
  src: string;
  current: string;
  loading: string;
  priority: string | null;
  width: string | null;
  height: string | null;
  avif: boolean;
  /** Where the image lies, in CSS px, and whether any of it is in the first screen. */
  box: { left: number; top: number; width: number; height: number };
  inFirstScreen: boolean;
  natural: { width: number; height: number };
}

async function imagesOf(page: Page): Promise<Shown[]> {
  return page.evaluate(() =>
    [...document.images].map((img) => {
      const box = img.getBoundingClientRect();
      const inFirstScreen =
        box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
      return {
        src: img.getAttribute('src') ?? '',
        current: img.currentSrc,
        loading: img.loading,
        priority: img.getAttribute('fetchpriority'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        avif: img.parentElement?.querySelector('source[type="image/avif"]') !== null,
        box: { left: box.left, top: box.top, width: box.width, height: box.height },
        inFirstScreen,
        natural: { width: img.naturalWidth, height: img.naturalHeight },
      };
    }),
  );
}

test.describe('photos at phone speed', () => {
  test.use({ reducedMotion: 'reduce' });
  let moviePath = '';
  test.beforeAll(async ({ request }) => {
    const { movies } = (await (await request.get('/bff/catalogue/movies')).json()) as { movies: { slug: string }[] };
    moviePath = `/viziona/pelicula/${movies[0]!.slug}`;
  });

  for (const path of ['/', '/cartelera', 'movie', '/salas', '/confiteria', '/proximos-estrenos']) {
    test(`${path}: only what is in the first screen loads at once, resized to the screen, as AVIF`, async ({
      page,
    }) => {
      // A cold edge resizes each photo once (AVIF at effort 4 takes a busy CPU seconds).
      test.setTimeout(180_000);
      await page.goto(path === 'movie' ? moviePath : path, { waitUntil: 'domcontentloaded' });
      await page.waitForLoadState('load', { timeout: 170_000 });
      const images = (await imagesOf(page)).filter((image) => image.src.startsWith('/_image?'));
      expect(images.length).toBeGreaterThan(0);
      const dpr = await page.evaluate(() => devicePixelRatio);

      // Every photo keeps its shape before it loads, and offers AVIF.
      for (const image of images) {
        expect(Number(image.width), image.src).toBeGreaterThan(0);
        expect(Number(image.height), image.src).toBeGreaterThan(0);
        expect(image.avif, image.src).toBe(true);
      }
      // One image first of all, in the first screen (none where no photo is: /salas on a phone); nothing off screen loads at once.
      const first = images.filter((image) => image.priority === 'high');
      expect(first).toHaveLength(images.some((image) => image.inFirstScreen && image.loading === 'eager') ? 1 : 0);
      for (const image of first) expect(image.inFirstScreen).toBe(true);
      for (const image of images.filter((one) => !one.inFirstScreen))
        expect(image.loading, `${image.src} is off screen`).toBe('lazy');

      // What loaded is AVIF from our origin, about as wide as the screen needs (the ladder's steps are 1.2).
      // The first photo in view (on /salas, none is until scrolled to) has loaded: a lazy one too.
      const firstInView = Math.max(
        0,
        images.findIndex((image) => image.inFirstScreen),
      );
      const photo = page.locator('img[src^="/_image?"]').nth(firstInView);
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 120_000,
        })
        .toBe(true);
      const inView = (await imagesOf(page)).filter((image) => image.src.startsWith('/_image?') && image.inFirstScreen);
      const loaded = inView.filter((image) => image.current !== '');
      expect(loaded.length).toBeGreaterThan(0);
      // A photo the page also shows larger (a billboard poster that is a carousel slide too) may
      // take that copy from Chromium's memory cache, which its srcset offers: no extra bytes.
      const everyShown = await imagesOf(page);
      const shownLarger = (image: Shown): boolean =>
        everyShown.some((other) => other.current === image.current && other.box.width > image.box.width);
      for (const image of loaded) {
        const asked = new URL(image.current);
        expect(asked.pathname).toBe('/_image');
        expect(asked.searchParams.get('f')).toBe('avif');
        if (shownLarger(image)) continue;
        const ratio = Number(asked.searchParams.get('w')) / (image.box.width * dpr);
        expect(ratio, `${image.current} shown ${image.box.width} px at DPR ${dpr}`).toBeGreaterThan(0.8);
        expect(ratio, `${image.current} shown ${image.box.width} px at DPR ${dpr}`).toBeLessThan(1.3);
      }
    });
  }

  test('/corporativo: each section picture and gallery photo is asked at about the width it is shown', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/corporativo', { waitUntil: 'domcontentloaded' });
    const photos = page.locator('[data-section] img[src^="/_image?"]');
    expect(await photos.count()).toBeGreaterThan(0);
    const dpr = await page.evaluate(() => devicePixelRatio);
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 120_000,
        })
        .toBe(true);
      const { current, shown } = await photo.evaluate((img: HTMLImageElement) => ({
        current: img.currentSrc,
        shown: img.getBoundingClientRect().width,
      }));
      // The card's padding counts: the ladder's steps below 1280 px are 1.2 at most.
      const ratio = Number(new URL(current).searchParams.get('w')) / (shown * dpr);
      expect(ratio, `${current} shown ${shown} px at DPR ${dpr}`).toBeGreaterThanOrEqual(1);
      expect(ratio, `${current} shown ${shown} px at DPR ${dpr}`).toBeLessThanOrEqual(1.2);
    }
  });

  test("the home carousel shows each movie's poster whole beside its title, at every width", async ({
    page: projectPage,
    browser,
    baseURL,
    isMobile,
  }) => {
    test.setTimeout(180_000);
    // The project's own screen, then (desktop) the widths where 3 and 5 slides show: cut to the
    // slide's 12:5 frame a poster showed a strip 165 px high and the title fell out at 600 px.
    // Each width in a fresh browser context: Chromium's memory cache would offer the copy an
    // earlier width's billboard asked.
    const widths = isMobile ? [null] : [null, 600, 800, 1440, 1920];
    for (const width of widths) {
      const page =
        width === null
          ? projectPage
          : await (
              await browser.newContext({ baseURL, viewport: { width, height: 900 }, reducedMotion: 'reduce' })
            ).newPage();
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const slides = page.locator('[data-slide="movie"]');
      expect(await slides.count()).toBeGreaterThan(0);
      const poster = slides.first().locator('img');
      await poster.scrollIntoViewIfNeeded();
      await expect
        .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 120_000,
        })
        .toBe(true);
      const seen = await slides.first().evaluate((slide) => {
        const link = slide.querySelector('a')!.getBoundingClientRect();
        const img = slide.querySelector('img')!;
        const box = img.getBoundingClientRect();
        const title = slide.querySelector('a > span > span')!;
        const titleBox = title.getBoundingClientRect();
        return {
          poster: { width: box.width, height: box.height, natural: img.naturalWidth / img.naturalHeight },
          asked: Number(new URL(img.currentSrc).searchParams.get('w')),
          dpr: devicePixelRatio,
          titleInside: titleBox.top >= link.top && titleBox.bottom <= link.bottom && titleBox.right <= link.right,
          titleWhole: title.scrollHeight <= title.clientHeight + 1,
          titleText: title.textContent?.trim() ?? '',
          linkHeight: link.height,
        };
      });
      const at = `at ${width ?? 'the project'}'s width`;
      // The whole 2:3 poster, as tall as the slide: nothing of it cut off.
      expect(seen.poster.width / seen.poster.height, at).toBeCloseTo(2 / 3, 1);
      expect(Math.abs(seen.poster.natural - seen.poster.width / seen.poster.height), at).toBeLessThan(0.05);
      expect(seen.poster.height, at).toBeGreaterThan(seen.linkHeight - 4);
      // Asked at about the width it is shown (the ladder's steps are at most 1.25), or at the
      // ladder's narrowest where it is shown narrower (48 px at 600 px and DPR 1).
      const needed = seen.poster.width * seen.dpr;
      if (needed <= IMAGE_WIDTHS[0]) expect(seen.asked, at).toBe(IMAGE_WIDTHS[0]);
      else {
        expect(seen.asked / needed, at).toBeGreaterThan(0.8);
        expect(seen.asked / needed, at).toBeLessThan(1.3);
      }
      // The title can be read: inside the slide, not clipped.
      expect(seen.titleText.length, at).toBeGreaterThan(0);
      expect(seen.titleInside, at).toBe(true);
      expect(seen.titleWhole, at).toBe(true);
      if (width !== null) await page.context().close();
    }
  });

  test('the home carousel shows each banner whole, at its own shape', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const banners = page.locator('[data-slide="banner"] img');
    expect(await banners.count()).toBeGreaterThan(0);
    await banners.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() => banners.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 120_000,
      })
      .toBe(true);
    for (const banner of await banners.all()) {
      const shape = await banner.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        return {
          shown: box.width / box.height,
          own: Number(img.getAttribute('width')) / Number(img.getAttribute('height')),
        };
      });
      // 1920 × 800: the box is the banner's shape, not a 2:3 poster's (nothing cut off).
      expect(Math.abs(shape.shown - 2.4)).toBeLessThan(0.05);
      expect(shape.own).toBeCloseTo(2.4, 2);
    }
    const loaded = await banners.first().evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return { shown: box.width / box.height, natural: img.naturalWidth / img.naturalHeight };
    });
    expect(Math.abs(loaded.shown - loaded.natural)).toBeLessThan(0.05);
  });
});
