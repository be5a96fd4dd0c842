import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve } from './serve.ts';
import type { CatalogueEntry, Confectionery, ReleaseItem } from '#shared/cinema-api/catalogue.ts';
import { releaseDate } from '../catalogue/catalogue.ts';
import { posterName, snackImageName } from '../catalogue/images.ts';
import { CONFECTIONERY_PAGE } from '../db/seed/confectionery.ts';
import { GALLERY, BANNERS } from '../db/seed/marketing.ts';
import { SNACK_CATEGORIES, SNACK_CATEGORY_OF, SNACKS } from '../db/seed/snacks.ts';
import { invalidField, notFound } from '../lib/api-error.ts';
import { addDays, isDateText } from '../lib/calendar.ts';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import type { SandboxContext } from '../lib/context.ts';
import { sandboxBase } from '../lib/urls.ts';
import { showtimesBetween, showtimesOn } from '../services/showtimes.ts';
import { createViews } from '../services/views.ts';

const THEATER = 'viziona';
const WINDOW_DAYS = 7;

function requireTheater(theater: string): void {
  if (theater !== THEATER) throw notFound('No se encontró el teatro.');
}

export function registerCatalogueRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const views = (request: FastifyRequest) => createViews(ctx, sandboxBase(ctx, request));
  const window = () => {
    const today = bogotaDate(ctx.clock.now());
    return { today, last: addDays(today, WINDOW_DAYS) };
  };
  const movieBySlug = (slug: string) => {
    const movie = ctx.catalogue.movieBySlug.get(slug);
    if (movie === undefined) throw notFound('No se encontró la película.');
    return movie;
  };
  const roomBySlug = (slug: string) => {
    const room = ctx.catalogue.roomBySlug.get(slug) ?? ctx.catalogue.roomById.get(Number(slug));
    if (room === undefined) throw notFound('No se encontró la sala.');
    return room;
  };

  serve(api, ctx, 'GET /dates/:theater', async ({ request, params }) => {
    requireTheater(params.theater);
    const { today, last } = window();
    return { data: { dates: views(request).dates(showtimesBetween(ctx.db, today, last)) } };
  });

  serve(api, ctx, 'GET /movies/theater/:theater/showtimes', async ({ request, params, query }) => {
    requireTheater(params.theater);
    const date = query.date;
    if (date === undefined || date === '') throw invalidField('date', 'El campo fecha es obligatorio.');
    if (!isDateText(date)) throw invalidField('date', 'La fecha no es válida.');
    const rows = showtimesOn(ctx.db, date);
    const view = views(request);
    const movieIds = [...new Set(rows.map((row) => row.movie_id))].sort((a, b) => a - b);
    return {
      data: movieIds.flatMap((id) => {
        const movie = ctx.catalogue.movieById.get(id);
        return movie === undefined
          ? []
          : [
              view.movie(
                movie,
                rows.filter((row) => row.movie_id === id),
              ),
            ];
      }),
    };
  });

  serve(api, ctx, 'GET /movies/theater/:theater', async ({ request, params }) => {
    requireTheater(params.theater);
    const { today, last } = window();
    const rows = showtimesBetween(ctx.db, today, last);
    const view = views(request);
    return {
      data: ctx.catalogue.movies
        .filter((movie) => movie.status === 'cartelera')
        .map((movie) =>
          view.movie(
            movie,
            rows.filter((row) => row.movie_id === movie.id),
          ),
        )
        .filter((movie) => movie.showtimes.length > 0),
    };
  });

  serve(api, ctx, 'GET /movies/releases', async ({ request }) => {
    const view = views(request);
    const releases: ReleaseItem[] = ctx.catalogue.movies
      .filter((movie) => movie.status !== 'cartelera')
      .map((movie) => ({
        type: movie.status === 'preventa' ? 'Preventa' : 'Estreno',
        poster: view.image(posterName(movie.slug)),
        title: movie.title,
        duration: movie.duration,
        gender: movie.gender,
        date_release: releaseDate(ctx.catalogue, movie),
        slug: movie.slug,
      }))
      .sort((a, b) => a.date_release.localeCompare(b.date_release));
    return { data: releases };
  });

  serve(api, ctx, 'GET /movies/:slug', async ({ request, params }) => {
    const movie = movieBySlug(params.slug);
    const { today, last } = window();
    return { data: views(request).movie(movie, showtimesBetween(ctx.db, today, last, { movieId: movie.id })) };
  });

  serve(api, ctx, 'GET /movies/theater/:theater/:slug/showtimes', async ({ request, params }) => {
    requireTheater(params.theater);
    const movie = movieBySlug(params.slug);
    const { today, last } = window();
    const rows = showtimesBetween(ctx.db, today, last, { movieId: movie.id });
    const view = views(request);
    return { data: { dates: view.dates(rows), showtimes: view.showtimes(rows) } };
  });

  serve(api, ctx, 'GET /banners/web', async ({ request }) => {
    const view = views(request);
    return { data: BANNERS.map((banner) => ({ ...banner, image: view.image(banner.image) })) };
  });

  serve(api, ctx, 'GET /room-details', async ({ request }) => {
    const view = views(request);
    return { data: ctx.catalogue.rooms.map((room) => view.room(room)) };
  });

  serve(api, ctx, 'GET /room-details/:slug', async ({ request, params }) => ({
    data: views(request).room(roomBySlug(params.slug)),
  }));

  serve(api, ctx, 'GET /room-details/:theater/:slug/showtimes', async ({ request, params }) => {
    requireTheater(params.theater);
    const room = roomBySlug(params.slug);
    const { today, last } = window();
    return { data: views(request).showtimes(showtimesBetween(ctx.db, today, last, { roomId: room.id })) };
  });

  serve(api, ctx, 'GET /confectioneries/2', async ({ request }) => {
    const view = views(request);
    const items: Confectionery[] = CONFECTIONERY_PAGE.map((item) => ({
      id: item.id,
      name: item.name,
      image: item.image === null ? null : view.image(item.image),
      description: item.description,
    }));
    return { data: items };
  });

  serve(api, ctx, 'GET /confectioneries/score/:theater', async ({ params }) => {
    requireTheater(params.theater);
    return { data: { data: SNACKS } };
  });

  serve(api, ctx, 'GET /confectioneries', async ({ request }) => {
    const view = views(request);
    const entries: CatalogueEntry[] = SNACKS.map((snack, index) => {
      const category = SNACK_CATEGORIES[SNACK_CATEGORY_OF[snack.Codigo] ?? 'snacks'] ?? { id: 4, name: 'Snacks' };
      return {
        id: index + 1,
        name: snack.Descripcion,
        image: view.image(snackImageName(snack.Codigo)),
        category_id: category.id,
        category_name: category.name,
        score_id: snack.Codigo,
      };
    });
    return { data: { data: entries } };
  });

  serve(api, ctx, 'GET /galleries', async ({ request }) => {
    const view = views(request);
    return { data: GALLERY.map((picture) => ({ id: picture.id, image: view.image(picture.image) })) };
  });
}
