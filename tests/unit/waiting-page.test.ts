import { describe, expect, it } from 'vitest';
import type { PlaceView } from '#shared/views/waiting-room.ts';
import { passUntilText, turnNoticeText } from '#shared/waiting-room/texts.ts';
import { placeFigures, placeSummary, progressText, saleHour } from '#site/features/waiting-room/place-text.ts';
import { waitingRoomParams } from '#site/features/waiting-room/params.ts';
import {
  isPersonalPath,
  isProtectedPath,
  isWaitingRoomPath,
  isWaitingRoomPlacePath,
  purchaseOf,
  routes,
} from '#site/lib/routes.ts';

/** The waiting page's words for a place (site/features/waiting-room/place-text.ts) and its routes. */

const SALE = Date.parse('2026-12-01T10:00:00-05:00');

const place = (overrides: Partial<PlaceView> = {}): PlaceView => ({
  prequeue: false,
  saleStartsAt: SALE,
  position: 1_241,
  ahead: 1_240,
  waiting: 3_500,
  progress: 0.4,
  estimatedWaitSeconds: 12 * 60,
  admittedPerMinute: 100,
  paused: false,
  ...overrides,
});

describe('a place in figures', () => {
  it('groups thousands as Colombians read them and words the estimate', () => {
    expect(placeFigures(place())).toEqual({
      position: '1.241',
      ahead: '1.240',
      estimate: 'Unos 12 minutos',
      waiting: '3.500',
      progress: 40,
      progressText: 'Llevas el 40 % del camino: faltan 1.240 personas.',
    });
  });

  it('says the queue is paused instead of an estimate', () => {
    expect(placeFigures(place({ paused: true, estimatedWaitSeconds: null })).estimate).toBe('En pausa');
  });

  it('is honest when no admission has been measured yet', () => {
    expect(placeFigures(place({ estimatedWaitSeconds: null })).estimate).toBe(
      'Aún no la sabemos: la fila todavía no avanza',
    );
  });

  it('has no position before the draw', () => {
    const figures = placeFigures(place({ prequeue: true, position: null, ahead: null, progress: null }));
    expect(figures).toMatchObject({ position: '–', ahead: '–', progress: 0 });
    expect(figures.progressText).toBe('La fila aún no empieza a avanzar.');
  });

  it('rounds the progress bar to whole percents', () => {
    expect(placeFigures(place({ progress: 0.666 })).progress).toBe(67);
    expect(placeFigures(place({ progress: 1 })).progress).toBe(100);
  });
});

describe('the progress in words', () => {
  it('counts the people still ahead, in the singular for one', () => {
    expect(progressText(2, 50)).toBe('Llevas el 50 % del camino: faltan 2 personas.');
    expect(progressText(1, 90)).toBe('Llevas el 90 % del camino: falta 1 persona.');
  });

  it('tells the head of the line it is next', () => {
    expect(progressText(0, 100)).toBe('Eres la siguiente persona en pasar.');
  });
});

describe('what screen readers hear', () => {
  it('names the stage and the estimate, not the position (it would be said at every read)', () => {
    const summary = placeSummary(place());
    expect(summary).toBe('Estás en la fila. Espera estimada: unos 12 minutos.');
    expect(summary).toBe(placeSummary(place({ position: 900, ahead: 899 })));
  });

  it('says the hour the sale opens in Bogotá in the pre-queue', () => {
    expect(saleHour(place())).toBe('10:00 a. m.');
    expect(placeSummary(place({ prequeue: true }))).toBe('Estás en la fila previa. La venta abre a las 10:00 a. m.');
  });

  it('says a paused queue keeps the place', () => {
    expect(placeSummary(place({ paused: true }))).toBe('Estás en la fila. La fila está en pausa; conservas tu lugar.');
  });

  it('says until when an admitted person may choose seats', () => {
    expect(passUntilText(SALE + 25 * 60_000)).toBe('Tienes hasta las 10:25 a. m. para elegir tus sillas.');
    expect(turnNoticeText(SALE + 25 * 60_000)).toBe(
      'Es tu turno. Tienes hasta las 10:25 a. m. para elegir tus sillas. Si no las eliges a tiempo, tu turno pasa a la siguiente persona de la fila.',
    );
  });
});

describe('the waiting room routes', () => {
  const waiting = routes.waitingRoom('viziona', 'dune', 71);
  const frame = routes.waitingRoomPlace('viziona', 'dune', 71);

  it('the waiting page is public (one cached page for everybody); its frame with the place is personal', () => {
    expect(waiting).toBe('/sala-de-espera/viziona/dune/71');
    expect(isWaitingRoomPath(waiting)).toBe(true);
    expect(isPersonalPath(waiting)).toBe(false);
    expect(isWaitingRoomPlacePath(frame)).toBe(true);
    expect(isWaitingRoomPath(frame)).toBe(false);
    expect(isPersonalPath(frame)).toBe(true);
    // Open to visitors: a person takes a place before logging in.
    expect(isProtectedPath(frame)).toBe(false);
    expect(isWaitingRoomPlacePath('/viziona/pelicula/dune/funcion/71')).toBe(false);
  });

  it('reads the showtime a purchase path names, and nothing else', () => {
    expect(purchaseOf(routes.showtime('viziona', 'dune', 71))).toEqual({
      theater: 'viziona',
      slug: 'dune',
      showtimeId: 71,
    });
    expect(purchaseOf('/viziona/pelicula/dune/funcion/71/')).toMatchObject({ showtimeId: 71 });
    expect(purchaseOf('/viziona/pelicula/dune')).toBeNull();
    expect(purchaseOf('/viziona/pelicula/dune/funcion/abc')).toBeNull();
    expect(purchaseOf('/viziona/pelicula/dune/funcion/1234567890')).toBeNull();
    expect(purchaseOf('/viziona/pelicula/%E0%A4%A/funcion/7')).toBeNull();
  });

  it('takes only parameters that can name a showtime (anything else is a 404 without a BFF call)', () => {
    expect(waitingRoomParams({ theater: 'viziona', slug: 'dune', showtimeId: '71' })).toEqual({
      theater: 'viziona',
      slug: 'dune',
      showtimeId: 71,
    });
    expect(waitingRoomParams({ theater: 'viziona', slug: 'dune/../x', showtimeId: '71' })).toBeNull();
    expect(waitingRoomParams({ theater: 'viziona', slug: 'dune', showtimeId: '1e3' })).toBeNull();
    expect(waitingRoomParams({ theater: 'viziona', slug: 'dune', showtimeId: '1234567890' })).toBeNull();
    expect(waitingRoomParams({})).toBeNull();
  });
});
