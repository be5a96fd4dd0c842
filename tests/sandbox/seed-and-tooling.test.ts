import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingData } from '#shared/cinema-api/booking.ts';
import type { Movie, Room } from '#shared/cinema-api/catalogue.ts';
import { buildImageRegistry } from '#sandbox/catalogue/images.ts';
import { renderPhoto } from '#sandbox/catalogue/photos.ts';
import { login } from './flows.ts';
import { DEMO, SECRETS, TODAY, startSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const json = { 'content-type': 'application/json' };

describe('seed', () => {
  it('has 9 rooms with more than 1,300 seats, the largest over 250, with aisles and disabled-person seats', async () => {
    const rooms = (await sandbox.call<{ data: Room[] }>('room-details')).body.data;
    const movies = (await sandbox.call<{ data: Movie[] }>('movies/theater/viziona')).body.data;
    const showtimes = movies.flatMap((movie) => movie.showtimes);
    let total = 0;
    let largest = 0;
    for (const room of rooms) {
      const showtime = showtimes.find((candidate) => candidate.room === room.id);
      if (showtime === undefined) throw new Error(`room ${room.slug} has showtimes`);
      const data = (await sandbox.call<{ data: BookingData }>(`room/${showtime.id}`)).body.data;
      const seats = data.layout.filter((cell) => cell.TipoSilla !== 'pasillo').length;
      total += seats;
      largest = Math.max(largest, seats);
      expect(data.layout.some((cell) => cell.TipoSilla === 'pasillo')).toBe(true);
      expect(data.layout.some((cell) => cell.TipoSilla === 'Discapacitado')).toBe(true);
    }
    expect(rooms).toHaveLength(9);
    expect(total).toBeGreaterThan(1300);
    expect(largest).toBeGreaterThanOrEqual(250);
  });

  it('programmes every room on every day of the week ahead', async () => {
    const dates = (await sandbox.call<{ data: { dates: { function_date: string }[] } }>('dates/viziona')).body.data
      .dates;
    expect(dates[0]?.function_date).toBe(TODAY);
    expect(dates).toHaveLength(8);
  });

  it('is deterministic: two sandboxes with the same clock answer the same billboard', async () => {
    const other = await startSandbox();
    try {
      const strip = (body: unknown) => JSON.stringify(body).replaceAll(sandbox.origin, '').replaceAll(other.origin, '');
      const path = `movies/theater/viziona/showtimes?date=${TODAY}`;
      expect(strip((await other.call(path)).body)).toBe(strip((await sandbox.call(path)).body));
    } finally {
      await other.close();
    }
  });

  it('points every URL it serves at itself, the site, or a YouTube trailer', async () => {
    const token = await login(sandbox, DEMO);
    const paths = [
      'movies/theater/viziona',
      'movies/releases',
      'banners/web',
      'room-details',
      'confectioneries/2',
      'confectioneries',
      'galleries',
      'pay-brands',
      'settings',
      'contents/3',
      'room/1',
    ];
    const urls: string[] = [];
    for (const path of paths) {
      const answer = await sandbox.call(path, { token });
      expect(answer.status, path).toBe(200);
      urls.push(...(answer.text.match(/https?:\/\/[^"\s]+/g) ?? []));
    }
    const outside = urls.filter(
      (url) => !url.startsWith(`${sandbox.origin}/`) && !/^https:\/\/(youtu\.be|www\.youtube\.com)\//.test(url),
    );
    expect(outside).toEqual([]);
    const images = [...new Set(urls.filter((url) => url.includes('/sandbox/images/')))];
    expect(images.length).toBeGreaterThan(30);
    // Photos everywhere but the payment brands' logos.
    const logos = images.filter((url) => url.endsWith('.svg'));
    expect(logos.length).toBeGreaterThan(0);
    expect(logos.every((url) => /\/sandbox\/images\/marca-/.test(url))).toBe(true);
    expect(images.filter((url) => !url.endsWith('.svg')).every((url) => url.endsWith('.jpg'))).toBe(true);
    for (const logo of logos) {
      const response = await fetch(logo);
      expect(response.status, logo).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(await response.text()).toContain('<svg');
    }
  });

  it("serves photo-like JPEGs of a real catalogue's sizes and weights, the same bytes on every draw", async () => {
    const expected = [
      ['poster-codigo-rojo', 1000, 1500, 200],
      ['banner-club', 1920, 800, 220],
      ['sala-sala-1', 1600, 900, 175],
      ['snack-nachos', 800, 800, 80],
    ] as const;
    for (const [name, width, height, kilobytes] of expected) {
      const response = await fetch(`${sandbox.origin}/sandbox/images/${name}.jpg`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height], name).toEqual(['jpeg', width, height]);
      expect(bytes.length / 1024, name).toBeGreaterThan(kilobytes * 0.85);
      expect(bytes.length / 1024, name).toBeLessThan(kilobytes * 1.15);
      const spec = buildImageRegistry().get(name);
      if (spec === undefined) throw new Error(`${name} is in the catalogue`);
      expect((await renderPhoto(name, spec)).equals(bytes), name).toBe(true);
    }
    // A logo has no photo.
    expect((await sandbox.tool('images/marca-epayco.jpg')).status).toBe(404);
  });

  it('serves the SVG placeholders when asked (SANDBOX_IMAGES=placeholders)', async () => {
    const placeholders = await startSandbox({ images: 'placeholders' });
    try {
      const banners = (await placeholders.call<{ data: { image: string }[] }>('banners/web')).body.data;
      expect(banners.length).toBeGreaterThan(0);
      expect(banners.every((banner) => banner.image.endsWith('.svg'))).toBe(true);
      const response = await fetch(banners[0]!.image);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
    } finally {
      await placeholders.close();
    }
  });
});

describe('tooling routes', () => {
  it('reports and advances the clock', async () => {
    const before = await sandbox.tool<{ bogota: string; offset_seconds: number }>('clock');
    expect(before.body.bogota).toBe('2026-03-10 10:00:00');
    const after = await sandbox.tool<{ bogota: string; offset_seconds: number }>('clock', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ advanceSeconds: 90 }),
    });
    expect(after.body).toMatchObject({ bogota: '2026-03-10 10:01:30', offset_seconds: 90 });
    const bad = await sandbox.tool('clock', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ advanceSeconds: 'mucho' }),
    });
    expect(bad.status).toBe(422);
  });

  it('drops API connections during a simulated outage and answers again afterwards', async () => {
    const down = await sandbox.tool<{ down: boolean }>('outage', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ down: true }),
    });
    expect(down.body).toEqual({ down: true, hung: false });
    try {
      await expect(sandbox.call('settings')).rejects.toThrow();
      expect((await sandbox.tool<{ down: boolean }>('outage')).body).toEqual({ down: true, hung: false });
    } finally {
      await sandbox.tool('outage', { method: 'POST', headers: json, body: JSON.stringify({ down: false }) });
    }
    expect((await sandbox.call('settings')).status).toBe(200);
    const bad = await sandbox.tool('outage', { method: 'POST', headers: json, body: JSON.stringify({ down: 'sí' }) });
    expect(bad.status).toBe(422);
  });

  it('takes API requests and never answers them while hung, and answers again afterwards', async () => {
    await sandbox.tool('outage', { method: 'POST', headers: json, body: JSON.stringify({ down: false, hung: true }) });
    try {
      const waited = await Promise.race([
        sandbox.call('settings').then(
          () => 'answered',
          () => 'dropped',
        ),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
      ]);
      expect(waited).toBe('still waiting');
    } finally {
      await sandbox.tool('outage', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ down: false, hung: false }),
      });
    }
    expect((await sandbox.call('settings')).status).toBe(200);
  });

  it('shows the outbox as a page and as JSON filtered by address', async () => {
    const token = await login(sandbox, DEMO);
    await sandbox.call('code', { method: 'POST', token, headers: { 'X-Register-Code': SECRETS.registerCode } });
    const mine = await sandbox.tool<{ data: { to: string; code: string }[] }>(`outbox.json?to=${DEMO.email}`);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((message) => message.to === DEMO.email)).toBe(true);
    const none = await sandbox.tool<{ data: unknown[] }>('outbox.json?to=nadie@correo.test');
    expect(none.body.data).toEqual([]);
    const html = await sandbox.tool('outbox');
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.text).toContain(mine.body.data[0]?.code ?? 'missing');
  });

  it('serves stored attachments back byte for byte', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'Ana',
      email: 'ana@correo.test',
      phone: '3001112222',
      type_pqr: 'Sugerencia',
      message: 'Más funciones.',
      accept_terms: '1',
    })) {
      form.append(key, value);
    }
    const bytes = new Uint8Array([1, 2, 3, 250, 251]);
    form.append('attachments[]', new File([bytes], 'datos.xlsx'));
    const created = await sandbox.call<{ data: { id: number } }>('pqrs', { method: 'POST', form });
    const list = await sandbox.tool<{ data: { id: number; attachments: { id: number }[] }[] }>('submissions');
    const attachment = list.body.data.find((submission) => submission.id === created.body.data.id)?.attachments[0];
    const download = await fetch(
      `${sandbox.origin}/sandbox/submissions/${created.body.data.id}/attachments/${attachment?.id ?? 0}`,
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('answers 404 for unknown images and tooling paths', async () => {
    expect((await sandbox.tool('images/no-existe.svg')).status).toBe(404);
    expect((await sandbox.tool('nada')).status).toBe(404);
    expect((await sandbox.tool('health')).body).toEqual({ ok: true });
  });
});
