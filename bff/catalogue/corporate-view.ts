import type { ContentPage, GalleryImage } from '#shared/cinema-api/content.ts';
import { formatCop } from '#shared/format/money.ts';
import type { CorporateSectionView, CorporateView } from '#shared/views/catalogue.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/**
 * The corporate page: an introduction and five numbered sections, each read from the
 * content service by slug. A section the service does not have (or cannot give right now)
 * shows the fixed text of the spec's section 9 instead.
 */
export const CORPORATE_INTRO_SLUG = 'corporativo';

interface SectionDefinition {
  slug: string;
  title: string;
  fallbackHtml: string;
}

export const CORPORATE_SECTIONS: ReadonlyArray<SectionDefinition> = [
  {
    slug: 'alquiler-de-sala',
    title: 'Alquiler de sala',
    fallbackHtml:
      '<p>Alquila una sala para tu empresa, colegio o grupo: funciones privadas, lanzamientos, capacitaciones y celebraciones en pantalla grande.</p>' +
      '<p>El alquiler requiere un mínimo de 50 personas y 50 combos de confitería, y se reserva con al menos 10 días hábiles de anticipación.</p>',
  },
  {
    slug: 'bonos',
    title: 'Bonos',
    fallbackHtml:
      '<p>Bonos de boletería para tus clientes, colaboradores o campañas de fidelización, canjeables en taquilla.</p>' +
      '<p>Los bonos tienen una vigencia de un año.</p>',
  },
  {
    slug: 'bonos-de-regalo',
    title: 'Bonos de regalo',
    fallbackHtml:
      `<p>Regala cine: bonos de regalo desde ${formatCop(25_000)}, para usar en boletería y confitería.</p>` +
      '<p>Los bonos de regalo tienen una vigencia de 6 meses.</p>',
  },
  {
    slug: 'activacion',
    title: 'Activaciones',
    fallbackHtml:
      '<p>Lleva tu marca a nuestro lobby y a nuestras salas: degustaciones, muestras, experiencias y lanzamientos frente a miles de espectadores.</p>',
  },
  {
    slug: 'branding',
    title: 'Branding',
    fallbackHtml:
      '<p>Publicidad en pantalla antes de cada función, piezas en el lobby y presencia de marca en nuestros espacios.</p>',
  },
];

const CORPORATE_INTRO_FALLBACK = {
  title: 'Ventas corporativas',
  html: '<p>Soluciones para empresas: alquiler de salas, bonos, bonos de regalo, activaciones de marca y branding. Escríbenos y armamos juntos tu plan.</p>',
};

/** `contents(slug)` is the content page of that slug, or null when the service has none. */
export function buildCorporate(
  contents: (slug: string) => ContentPage | null,
  gallery: ReadonlyArray<GalleryImage>,
): CorporateView {
  const intro = contents(CORPORATE_INTRO_SLUG);
  const introHtml = intro ? sanitizeHtml(intro.content) : '';
  const sections = CORPORATE_SECTIONS.map((definition, index): CorporateSectionView => {
    const page = contents(definition.slug);
    const html = page ? sanitizeHtml(page.content) : '';
    return {
      number: index + 1,
      slug: definition.slug,
      title: page?.title.trim() || definition.title,
      subtitle: page?.subtitle?.trim() || null,
      html: html || definition.fallbackHtml,
      image: page?.image?.trim() || null,
      fromContentService: html !== '',
    };
  });
  return {
    intro: {
      title: intro?.title.trim() || CORPORATE_INTRO_FALLBACK.title,
      subtitle: intro?.subtitle?.trim() || null,
      html: introHtml || CORPORATE_INTRO_FALLBACK.html,
      image: intro?.image?.trim() || null,
    },
    sections,
    gallery: gallery.filter((item) => item.image.trim() !== '').map((item) => ({ id: item.id, image: item.image })),
  };
}
