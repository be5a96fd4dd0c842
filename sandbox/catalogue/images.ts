import { CONFECTIONERY_PAGE } from '../db/seed/confectionery.ts';
import { CONTENT_PAGES } from '../db/seed/content-pages.ts';
import { BANNERS, GALLERY, PAY_BRANDS } from '../db/seed/marketing.ts';
import { MOVIES } from '../db/seed/movies.ts';
import { BIG_ROOMS, ROOMS } from '../db/seed/rooms.ts';
import { SNACKS } from '../db/seed/snacks.ts';
import { sceneOfGenre, type SceneKind } from './photo-scenes.ts';

export type ImageKind = 'poster' | 'banner' | 'room' | 'square' | 'gallery' | 'brand' | 'content' | 'popup';

export interface ImageSpec {
  title: string;
  subtitle: string;
  kind: ImageKind;
  /** What the photo shows (photo-scenes.ts); by default a room's auditorium, a snack, or mountains. */
  scene?: SceneKind | 'auditorium';
  /** A poster's billing block. */
  credits?: string[];
}

/** The scene of a banner, by what it announces. */
function bannerScene(name: string): ImageSpec['scene'] {
  const plain = name.toLowerCase();
  if (plain.includes('club')) return 'auditorium';
  if (plain.includes('corporativ')) return 'city';
  if (plain.includes('galaxia')) return 'space';
  return undefined;
}

export function posterName(slug: string): string {
  return `poster-${slug}`;
}

export function roomImageNames(slug: string): [string, string] {
  return [`sala-${slug}`, `sala-${slug}-2`];
}

export function snackImageName(codigo: string): string {
  return `snack-${codigo.toLowerCase()}`;
}

/** Every image the sandbox serves, by name (the URL is /sandbox/images/{name}.svg). */
export function buildImageRegistry(): Map<string, ImageSpec> {
  const images = new Map<string, ImageSpec>();
  for (const movie of MOVIES) {
    images.set(posterName(movie.slug), {
      title: movie.title,
      subtitle: `${movie.gender} · ${movie.rating}`,
      kind: 'poster',
      scene: sceneOfGenre(movie.gender),
      credits: [
        `Una película de ${movie.director}`,
        `${movie.duration} minutos · ${movie.language} · ${movie.country}`,
      ],
    });
  }
  for (const room of [...ROOMS, ...BIG_ROOMS]) {
    const [first, second] = roomImageNames(room.slug);
    images.set(first, { title: room.name, subtitle: room.complement, kind: 'room' });
    images.set(second, { title: room.name, subtitle: 'Vista desde la pantalla', kind: 'room' });
  }
  for (const snack of SNACKS) {
    images.set(snackImageName(snack.Codigo), { title: snack.Descripcion, subtitle: 'Confitería', kind: 'square' });
  }
  for (const item of CONFECTIONERY_PAGE) {
    if (item.image !== null) images.set(item.image, { title: item.name, subtitle: 'Confitería', kind: 'square' });
  }
  for (const banner of BANNERS) {
    const scene = bannerScene(banner.name);
    images.set(banner.image, { title: banner.name, subtitle: '', kind: 'banner', ...(scene ? { scene } : {}) });
  }
  for (const picture of GALLERY)
    images.set(picture.image, { title: `Activación ${picture.id}`, subtitle: 'Galería', kind: 'gallery' });
  for (const brand of PAY_BRANDS) images.set(brand.image, { title: brand.name, subtitle: '', kind: 'brand' });
  for (const page of CONTENT_PAGES) {
    if (page.image !== null)
      images.set(page.image, { title: page.title, subtitle: page.subtitle ?? '', kind: 'content' });
  }
  images.set('popup-club', {
    title: 'Club Vizionarios',
    subtitle: 'Hasta 20% de descuento',
    kind: 'popup',
    scene: 'auditorium',
    credits: ['Boletas y combos con descuento todos los días'],
  });
  return images;
}
