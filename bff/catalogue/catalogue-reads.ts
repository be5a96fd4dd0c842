import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Movie } from '#shared/cinema-api/catalogue.ts';
import { FOOTER_CONTENT_TYPES, type ContentPage } from '#shared/cinema-api/content.ts';
import { hourState } from '#shared/booking/showtime-clock.ts';
import { formatCop } from '#shared/format/money.ts';
import {
  BannerViewSchema,
  BillboardWeekViewSchema,
  ClubViewSchema,
  ConfectioneriesViewSchema,
  CorporateViewSchema,
  HOME_THEATER,
  HomeViewSchema,
  MovieDetailViewSchema,
  NowShowingViewSchema,
  ReleasesViewSchema,
  RoomDetailViewSchema,
  RoomsViewSchema,
  type BannerView,
} from '#shared/views/catalogue.ts';
import { FooterViewSchema, type ContentPageView, type FooterView } from '#shared/views/content-pages.ts';
import { BffError } from '../errors.ts';
import { entityTag } from '#shared/http/entity-tags.ts';
import { sha256Bytes } from '../sha256.ts';
import type { CachedRead } from '../plugins/read-cache.ts';
import type { UpstreamCallArgs, UpstreamCaller } from '../plugins/upstream.ts';
import type { CinemaAnswer, JsonCallName } from '#shared/cinema-api/api.ts';
import { buildBillboardWeek } from './billboard-week-view.ts';
import { buildMovieDetail } from './movie-detail-view.ts';
import { readShowtimePrices } from './showtime-prices.ts';
import { buildRoomDetail, toRoom } from './room-views.ts';
import { buildConfectionery } from './confectionery-view.ts';
import { CORPORATE_INTRO_SLUG, CORPORATE_SECTIONS, buildCorporate } from './corporate-view.ts';
import { buildBanners, toPopupView } from './home-view.ts';
import { toMovieCard, toRelease } from './movie-card.ts';
import { toContentPageView } from './content-page-view.ts';

/**
 * Every public catalogue read of the BFF, each through the catalogue cache under its own
 * key: the routes of movies, releases, rooms, home, confectionery, corporate and the footer
 * send these reads, and the home composition reuses the others' entries. A view is checked against its
 * response schema once, when it is stored; hits send the stored JSON text.
 */
interface ReadContext {
  /** What the reads use of the BFF: the cinema API, the catalogue cache, the settings. */
  app: Pick<FastifyInstance, 'upstream' | 'catalogueCache' | 'settings'>;
  request: UpstreamCaller;
}

type Read<T> = Promise<CachedRead<T>>;

function upstreamGet<N extends JsonCallName>(
  context: ReadContext,
  name: N,
  ...request: UpstreamCallArgs<N>
): Promise<CinemaAnswer<N>> {
  return context.app.upstream.call(context.request, name, ...request);
}

function cachedView<S extends z.ZodType>(
  context: ReadContext,
  key: string,
  schema: S,
  load: () => Promise<z.input<S>>,
): Read<z.output<S>> {
  return context.app.catalogueCache.read(key, async () => schema.parse(await load()));
}

/** Cache key of a value that is the same for everybody (never anything of a session). */
const keyOf = (...parts: string[]): string => parts.join(':');

const isNotFound = (error: unknown): boolean => error instanceof BffError && error.statusCode === 404;

// ---------------------------------------------------------------------------------------
// Movies

export function readNowShowing(context: ReadContext, theater: string = HOME_THEATER) {
  return cachedView(context, keyOf('now-showing', theater), NowShowingViewSchema, async () => {
    const answer = await upstreamGet(context, 'GET /movies/theater/:theater', { params: { theater } });
    return { theater, movies: answer.data.map(toMovieCard) };
  });
}

/** The upstream movies of one billboard date (movies with showtimes that day, those showtimes only). */
function loadBillboardMovies(context: ReadContext, date: string): Promise<Movie[]> {
  return upstreamGet(context, 'GET /movies/theater/:theater/showtimes', {
    params: { theater: HOME_THEATER },
    query: { date },
  }).then((answer) => answer.data);
}

export function readBillboardWeek(context: ReadContext) {
  return cachedView(context, keyOf('billboard-week', HOME_THEATER), BillboardWeekViewSchema, async () => {
    const dates = (await upstreamGet(context, 'GET /dates/:theater', { params: { theater: HOME_THEATER } })).data.dates;
    const days = await Promise.all(
      dates.map(
        async (option) => [option.function_date, await loadBillboardMovies(context, option.function_date)] as const,
      ),
    );
    const byDate = new Map(days);
    return buildBillboardWeek(HOME_THEATER, dates, (date) => byDate.get(date) ?? []);
  });
}

const movieKey = (theater: string, slug: string): string => keyOf('movie', theater, slug);

function loadMovieDetail(context: ReadContext, theater: string, slug: string) {
  return async () => {
    const [movie, schedule] = await Promise.all([
      upstreamGet(context, 'GET /movies/:slug', { params: { slug } }),
      upstreamGet(context, 'GET /movies/theater/:theater/:slug/showtimes', { params: { theater, slug } }),
    ]);
    const detail = buildMovieDetail(theater, movie.data, schedule.data);
    const now = Date.now();
    const onSale = detail.days
      .flatMap((day) => day.groups.flatMap((group) => group.hours))
      .filter((hour) => hour.seats > 0 && hourState(hour.startsAt, hour.endsAt, now) === 'open')
      .map((hour) => hour.id);
    return MovieDetailViewSchema.parse({
      ...detail,
      pricesFrom: await readShowtimePrices(context.app, context.request, onSale),
    });
  };
}

export function readMovieDetail(context: ReadContext, theater: string, slug: string) {
  return context.app.catalogueCache.read(movieKey(theater, slug), loadMovieDetail(context, theater, slug));
}

/**
 * News of a movie's sale (an "Avísame" e-mail about to link to its page): its page's entry
 * read again from the cinema API for every replica, and the lists that show its hours or its
 * sale (releases, billboard, now showing, home) made stale everywhere, so the next read of each
 * asks again. Fails when the cinema API or the shared store does not answer (nothing is lost:
 * the caller tries again).
 */
export async function refreshMovie(context: ReadContext, slug: string): Promise<void> {
  const cache = context.app.catalogueCache;
  await cache.refresh(movieKey(HOME_THEATER, slug), loadMovieDetail(context, HOME_THEATER, slug));
  for (const key of [
    keyOf('releases'),
    keyOf('billboard-week', HOME_THEATER),
    keyOf('now-showing', HOME_THEATER),
    keyOf('home'),
  ]) {
    await cache.expire(key);
  }
}

// ---------------------------------------------------------------------------------------
// Releases, rooms, snacks

/**
 * The releases, each with the hours it already sells as its movie page lists them (the movie
 * page's own entry, so both pages show the same hours and `refreshMovie` updates both). A
 * release whose movie cannot be read is listed without hours. Stored as old as its oldest part.
 */
export function readReleases(context: ReadContext): Read<z.output<typeof ReleasesViewSchema>> {
  return context.app.catalogueCache.readComposite(keyOf('releases'), async () => {
    const list = await context.app.catalogueCache.read(
      keyOf('release-list'),
      async () => (await upstreamGet(context, 'GET /movies/releases')).data,
    );
    const stamps = [list.storedAt];
    const releases = await Promise.all(
      list.value.map(async (item) => {
        const detail = await optional(
          context,
          `release ${item.slug}`,
          () => readMovieDetail(context, HOME_THEATER, item.slug),
          null,
        );
        if (!detail) return toRelease(item);
        stamps.push(detail.storedAt);
        const labels = new Map(detail.value.dates.map((option) => [option.date, option.label]));
        const days = detail.value.days
          .filter((day) => day.groups.length > 0)
          .map((day) => ({ date: day.date, label: labels.get(day.date) ?? day.date, groups: day.groups }));
        return toRelease(item, days);
      }),
    );
    const value = ReleasesViewSchema.parse({ theater: HOME_THEATER, releases });
    return { value, storedAt: Math.min(...stamps) };
  });
}

export function readRooms(context: ReadContext) {
  return cachedView(context, keyOf('rooms'), RoomsViewSchema, async () => {
    const answer = await upstreamGet(context, 'GET /room-details');
    return { rooms: answer.data.map(toRoom) };
  });
}

export function readRoomDetail(context: ReadContext, slug: string) {
  return cachedView(context, keyOf('room', HOME_THEATER, slug), RoomDetailViewSchema, async () => {
    const [room, showtimes] = await Promise.all([
      upstreamGet(context, 'GET /room-details/:slug', { params: { slug } }),
      upstreamGet(context, 'GET /room-details/:theater/:slug/showtimes', {
        params: { theater: HOME_THEATER, slug },
      }),
    ]);
    return buildRoomDetail(HOME_THEATER, room.data, showtimes.data);
  });
}

export function readConfectionery(context: ReadContext) {
  return cachedView(context, keyOf('confectionery'), ConfectioneriesViewSchema, async () => {
    const answer = await upstreamGet(context, 'GET /confectioneries/2');
    return { products: buildConfectionery(answer.data) };
  });
}

// ---------------------------------------------------------------------------------------
// Settings-based views, banners, home

export function readClub(context: ReadContext) {
  return cachedView(context, keyOf('club'), ClubViewSchema, async () => {
    const settings = await context.app.settings.read(context.request);
    const price = settings.membresia_valor + settings.membresia_servicio;
    return { membershipPrice: price, membershipPriceText: formatCop(price) };
  });
}

function readBanners(context: ReadContext): Read<BannerView[]> {
  return cachedView(context, keyOf('banners'), BannerViewSchema.array(), async () =>
    buildBanners((await upstreamGet(context, 'GET /banners/web')).data),
  );
}

/** Parts a page can do without: their failure is logged and the page renders the rest. */
async function optional<T>(context: ReadContext, what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    context.request.log.warn({ err: error, part: what }, 'optional catalogue part unavailable');
    return fallback;
  }
}

/**
 * The home page, composed of the other reads' entries: it is stored as old as its oldest
 * part, so home never presents stale parts as fresh.
 */
export function readHome(context: ReadContext): Read<z.output<typeof HomeViewSchema>> {
  return context.app.catalogueCache.readComposite(keyOf('home'), async () => {
    const stamps: number[] = [];
    const stamped = async <T>(read: Read<T>): Promise<T> => {
      const result = await read;
      stamps.push(result.storedAt);
      return result.value;
    };
    const [banners, nowShowing, billboard, releases, rooms, popup] = await Promise.all([
      optional(context, 'banners', () => stamped(readBanners(context)), []),
      stamped(readNowShowing(context)),
      stamped(readBillboardWeek(context)),
      optional(context, 'releases', async () => (await stamped(readReleases(context))).releases, []),
      optional(context, 'rooms', async () => (await stamped(readRooms(context))).rooms, []),
      optional(
        context,
        'popup',
        async () => toPopupView((await context.app.settings.read(context.request)).popup),
        null,
      ),
    ]);
    const value = HomeViewSchema.parse({
      theater: HOME_THEATER,
      banners,
      movies: nowShowing.movies,
      billboard,
      releases,
      rooms,
      popup,
    });
    return { value, storedAt: Math.min(...stamps) };
  });
}

// ---------------------------------------------------------------------------------------
// Corporate

/** A content page by slug; null when the service has none (404). */
async function loadContent(context: ReadContext, slug: string): Promise<ContentPage | null> {
  try {
    return (await upstreamGet(context, 'GET /contents/slug/:slug', { params: { slug } })).data;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

async function loadCorporate(context: ReadContext) {
  const slugs = [CORPORATE_INTRO_SLUG, ...CORPORATE_SECTIONS.map((section) => section.slug)];
  const [pages, gallery] = await Promise.all([
    Promise.all(slugs.map(async (slug) => [slug, await loadContent(context, slug)] as const)),
    upstreamGet(context, 'GET /galleries').then((answer) => answer.data),
  ]);
  const bySlug = new Map(pages);
  return buildCorporate((slug) => bySlug.get(slug) ?? null, gallery);
}

/**
 * The corporate page. When the content service is down and nothing is kept, the page still
 * shows the fixed texts (not stored, so the real texts come back with the service).
 */
export async function readCorporate(context: ReadContext): Read<z.output<typeof CorporateViewSchema>> {
  try {
    return await cachedView(context, keyOf('corporate'), CorporateViewSchema, () => loadCorporate(context));
  } catch (error) {
    if (!(error instanceof BffError) || error.statusCode < 500) throw error;
    context.request.log.warn({ err: error }, 'corporate content unavailable, showing the fixed texts');
    const value = CorporateViewSchema.parse(buildCorporate(() => null, []));
    const json = JSON.stringify(value);
    return { value, json, etag: entityTag(sha256Bytes(json)), outcome: 'stale', storedAt: Date.now() };
  }
}

// ---------------------------------------------------------------------------------------
// Footer and content pages (/content)

/**
 * The footer's two groups of content-page links. Every page shows it, so it is a catalogue
 * read, kept and served stale like one; null when the lists cannot be read at all (logged
 * only: the footer then shows its fixed links, `EMPTY_FOOTER`).
 */
export async function readFooter(context: ReadContext): Promise<CachedRead<FooterView> | null> {
  try {
    return await cachedView(context, keyOf('footer'), FooterViewSchema, async () => ({
      groups: await Promise.all(
        FOOTER_CONTENT_TYPES.map(async (type) => {
          const answer = await upstreamGet(context, 'GET /content-types/:type/contents', { params: { type } });
          return { type, links: answer.data };
        }),
      ),
    }));
  } catch (error) {
    context.request.log.warn({ err: error }, 'footer content lists unavailable');
    return null;
  }
}

/** The footer without its lists: each group empty. */
export const EMPTY_FOOTER: FooterView = { groups: FOOTER_CONTENT_TYPES.map((type) => ({ type, links: [] })) };

/** A content page by slug (404 when the service has none), its HTML sanitised. Not cached. */
export async function readContentPage(context: ReadContext, slug: string): Promise<ContentPageView> {
  const answer = await upstreamGet(context, 'GET /contents/slug/:slug', { params: { slug } });
  return toContentPageView(answer.data);
}
