import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_LAYOUTS, pictureMarkup } from '#site/components/responsive-image.ts';
import { createImageWarmer } from '#site/lib/image-warmer.ts';
import {
  candidateFor,
  imagesToWarm,
  lengthIn,
  picturesOf,
  slotWidth,
  WARM_UP_ID_PREFIX,
} from '#site/lib/image-warmup.ts';

const poster = 'https://imagenes.viziona.example/cartelera/el-ultimo-faro.jpg';

/** A `<picture>` as `Picture.astro` writes it (attributes escaped as Astro escapes them). */
function picture(layout: keyof typeof IMAGE_LAYOUTS, eager: boolean, src = poster): string {
  const markup = pictureMarkup({ src, layout, eager });
  const escape = (value: string) => value.replaceAll('&', '&amp;');
  return (
    `<picture class="contents"><source type="image/avif" srcset="${escape(markup.avifSrcset!)}" sizes="${markup.sizes}">` +
    `<img src="${escape(markup.src)}" srcset="${escape(markup.srcset!)}" sizes="${markup.sizes}" alt loading="${markup.loading}" decoding="async"></picture>`
  );
}

const widthOf = (url: string) => Number(new URLSearchParams(url.split('?')[1]).get('w'));

describe('which photos a page will be asked for (issue 40)', () => {
  it('reads the slot a layout gives its image, as the browser reads `sizes`', () => {
    expect(lengthIn('calc((min(100vw, 1280px) - 112px) / 5)', 1920)).toBeCloseTo(233.6);
    expect(lengthIn('calc(100vw - 32px)', 390)).toBe(358);
    expect(lengthIn('96px', 390)).toBe(96);
    expect(lengthIn('calc(100vw - ', 390)).toBeNull();
    expect(slotWidth(IMAGE_LAYOUTS.homeSlide.sizes, 390)).toBe(358);
    expect(slotWidth(IMAGE_LAYOUTS.homeSlide.sizes, 1366)).toBeCloseTo(428.67, 1);
    expect(slotWidth(IMAGE_LAYOUTS.moviePoster.sizes, 390)).toBe(96);
    expect(slotWidth(IMAGE_LAYOUTS.moviePoster.sizes, 1366)).toBe(224);
    // Every layout's slot, on a phone and on a desktop, lies within its own CSS widths.
    for (const [name, layout] of Object.entries(IMAGE_LAYOUTS))
      for (const viewport of [390, 1366]) {
        const slot = slotWidth(layout.sizes, viewport)!;
        expect(slot, `${name} at ${viewport}`).toBeGreaterThanOrEqual(layout.cssWidths[0] - 1);
        expect(slot, `${name} at ${viewport}`).toBeLessThanOrEqual(layout.cssWidths[1] + 1);
      }
  });

  it('picks as Chromium does: the narrowest candidate at least as dense as the screen', () => {
    const candidates = [160, 200, 240, 280, 320].map((width) => ({ url: `w${width}`, width }));
    expect(candidateFor(candidates, 96, 2)?.width).toBe(200);
    expect(candidateFor(candidates, 96, 2.625)?.width).toBe(280);
    expect(candidateFor(candidates, 96, 3)?.width).toBe(320);
    expect(candidateFor(candidates, 200, 3)?.width).toBe(320);
  });

  it('lists a page’s photos once each, its first screen first, for the phones and desktops people bring', () => {
    const html = `<main>${picture('moviePoster', true)}${picture('listPoster', false, poster.replace('faro', 'galaxia'))}</main>`;
    expect(picturesOf(html).map((one) => one.eager)).toEqual([true, false]);
    const photos = imagesToWarm(html);
    const urls = photos.map((photo) => photo.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^\/_image\?src=.+&w=\d+&f=avif$/);
    // The movie page's poster (96 px on a phone, 224 px on a desktop) first, at every screen's width.
    const first = urls.filter((url) => url.includes('faro')).map(widthOf);
    expect(first).toEqual([200, 280, 320, 240]);
    expect(urls.slice(0, first.length).every((url) => url.includes('faro'))).toBe(true);
    expect(photos.map((photo) => photo.firstScreen)).toEqual([true, true, true, true, false, false, false]);
    // The listing's poster after it: 80 px on a phone (160, 240 at DPR 2.625 and 3), 112 px on a desktop (120).
    expect(urls.filter((url) => url.includes('galaxia')).map(widthOf)).toEqual([160, 240, 120]);
  });
});

describe('the warmer', () => {
  let edge: http.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (edge ? edge.close(() => resolve()) : resolve()));
    edge = undefined;
  });

  it('asks the edge for each photo once, one at a time, says when a page is done, and asks nothing twice within the hour', async () => {
    const asked: Array<{ url: string; id: string; at: number }> = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    edge = http.createServer((req, res) => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      asked.push({ url: req.url ?? '', id: String(req.headers['x-request-id']), at: performance.now() });
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(req.url?.includes('w=320') ? 307 : 200).end();
      }, 5);
    });
    await new Promise<void>((resolve) => edge!.listen(0, '127.0.0.1', resolve));
    const lines: Array<Record<string, string | number>> = [];
    const warmer = createImageWarmer({
      edgeUrl: `http://127.0.0.1:${(edge.address() as AddressInfo).port}`,
      log: (_event, details) => lines.push(details),
    });
    const html = picture('moviePoster', true);
    await Promise.all([warmer.warmPage('/viziona/pelicula/el-ultimo-faro', html), warmer.warmPage('/otra', html)]);
    expect(asked.map((one) => widthOf(one.url))).toEqual([200, 280, 320, 240]);
    expect(mostAtOnce).toBe(1);
    for (const one of asked) expect(one.id.startsWith(WARM_UP_ID_PREFIX)).toBe(true);
    expect(lines).toEqual([
      { page: '/viziona/pelicula/el-ultimo-faro', images: 4, asked: 4, kept: 3 },
      { page: '/otra', images: 4, asked: 4, kept: 3 },
    ]);
    // Rendered again: only what the edge did not keep (sent to the original) is asked again.
    await warmer.warmPage('/viziona/pelicula/el-ultimo-faro', html);
    expect(asked.slice(4).map((one) => widthOf(one.url))).toEqual([320]);
  });

  it('asks every page’s first-screen photos before any page’s others', async () => {
    const asked: string[] = [];
    edge = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      setTimeout(() => res.writeHead(200).end(), 10);
    });
    await new Promise<void>((resolve) => edge!.listen(0, '127.0.0.1', resolve));
    const warmer = createImageWarmer({
      edgeUrl: `http://127.0.0.1:${(edge.address() as AddressInfo).port}`,
      log: () => undefined,
    });
    const listing = ['galaxia', 'sombras', 'codigo']
      .map((movie) => picture('listPoster', false, poster.replace('el-ultimo-faro', movie)))
      .join('');
    await Promise.all([
      warmer.warmPage('/cartelera', listing),
      warmer.warmPage('/viziona/pelicula/el-ultimo-faro', picture('moviePoster', true)),
    ]);
    // The listing's first photo was already being made; the movie page's poster came next, whole.
    expect(asked.slice(1, 5).every((url) => url.includes('el-ultimo-faro'))).toBe(true);
    expect(asked.slice(5).every((url) => !url.includes('el-ultimo-faro'))).toBe(true);
  });

  it('waits while the site is busy with people’s photos (503), then asks again', async () => {
    let busyFor = 2;
    const asked: string[] = [];
    edge = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(busyFor-- > 0 ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => edge!.listen(0, '127.0.0.1', resolve));
    const lines: Array<Record<string, string | number>> = [];
    const warmer = createImageWarmer({
      edgeUrl: `http://127.0.0.1:${(edge.address() as AddressInfo).port}`,
      log: (_event, details) => lines.push(details),
      busyPauseMs: 5,
    });
    await warmer.warmPage('/sala/sala-1', picture('checkoutPoster', true));
    // The first photo asked three times (busy, busy, made), every other once.
    expect(asked[0]).toBe(asked[2]);
    expect(new Set(asked).size).toBe(asked.length - 2);
    expect(lines).toEqual([
      { page: '/sala/sala-1', images: asked.length - 2, asked: asked.length - 2, kept: asked.length - 2 },
    ]);
  });
});
