import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '#shared/views/booking.ts';
import PurchaseFlow from '#site/features/purchase/PurchaseFlow.tsx';
import { packBookingView } from '#site/features/purchase/seat-map/packed-seat-map.ts';
import { PURCHASE_TEXTS } from '#site/features/purchase/texts.ts';
import { room } from './seat-rooms.ts';

/**
 * The purchase island rendered on the server as Astro renders it (a React stream, all of it
 * awaited). Nothing may suspend there: a boundary that suspends is finished by inline scripts
 * React streams after it, which the Content Security Policy refuses (no hash covers them), and
 * the island then fell back to rendering on the client (React error #419) on every reload of
 * step 1.
 */

const view: BookingView = {
  showtime: {
    id: 7,
    date: '2026-11-25',
    hour: '19:30:00',
    dateText: 'Miércoles, 25 de noviembre',
    hourText: '7:30 p. m.',
    format: '2D',
    version: 'Doblada',
    roomName: 'Sala 3',
    roomId: 3,
    started: false,
  },
  movie: {
    id: 1,
    slug: 'la-pelicula',
    title: 'La película',
    poster: '/posters/la-pelicula.jpg',
    rating: '12 años',
    genre: 'Drama',
    durationMinutes: 110,
  },
  membership: null,
  zones: [
    {
      code: 'GEN',
      zone: 'General',
      description: 'General',
      price: 14_000,
      ordinaryPrice: 14_000,
      savingPerTicket: 0,
      isMemberPrice: false,
      savingText: null,
    },
  ],
  seatMap: room('aaaa_aaaa', 'aaaa_aaaa'),
  snacks: [],
  maxSeats: 10,
  lonelySeatRule: true,
  fees: { ticket: 2_000, snack: 1_000 },
  payBrands: [],
  paymentMethod: { id: 7, card: true, pse: true },
  hold: null,
  holdSeconds: 600,
  turnUntil: null,
};

async function serverHtml(bookingView: BookingView): Promise<string> {
  const stream = await renderToReadableStream(
    createElement(PurchaseFlow, {
      view: packBookingView(bookingView),
      movieHref: '/viziona/pelicula/la-pelicula',
      payer: { firstName: 'Daniela', lastName: 'Gómez', email: 'demo@viziona.co' },
    }),
  );
  await stream.allReady;
  return new Response(stream).text();
}

describe('the purchase island rendered on the server', () => {
  it('at step 1 (a reload on a hold) leaves the lazy parts to the browser: no boundary, no inline script', async () => {
    const hold = { showtimeId: 7, zone: 'General', seats: ['A-1', 'A-2'], expiresAt: 0, secondsLeft: 420 };
    const html = await serverHtml({ ...view, hold });
    expect(html).toContain('Agrega confitería a tu compra');
    // The snacks' place is held by its stand-in; the carousel (a lazy part) is not rendered here,
    // however fast its code happens to load in this process.
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain(PURCHASE_TEXTS.snacksEmpty);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
  });

  it('at step 0 shows the best-seats control and no message yet', async () => {
    const html = await serverHtml(view);
    expect(html).toContain('Cantidad de sillas');
    expect(html).toContain('Elegir las mejores sillas');
    expect(html).not.toContain('Tu selección deja una silla sola');
    expect(html).not.toContain('<script');
  });
});
