export interface ContentSeed {
  id: number;
  slug: string;
  title: string;
  subtitle: string | null;
  content: string;
  /** Image name under /sandbox/images, or null. */
  image: string | null;
  /** Footer group it is listed in, if any. */
  type: 'pie-de-pagina-1' | 'pie-de-pagina-2' | null;
}

export const CONTENT_TYPES = ['pie-de-pagina-1', 'pie-de-pagina-2'] as const;

export const CONTENT_PAGES: ContentSeed[] = [
  {
    id: 1,
    slug: 'terminos-y-condiciones',
    title: 'Términos y condiciones',
    subtitle: 'Compra de boletas y confitería en línea',
    image: null,
    type: 'pie-de-pagina-1',
    content:
      '<h2>1. Objeto</h2><p>Estos términos regulan la compra de boletas y productos de confitería en el sitio web de Viziona.</p><h2>2. Compras</h2><p>Las boletas compradas en línea no tienen cambio ni devolución, salvo cancelación de la función.</p><h2>3. Reservas</h2><p>Las sillas seleccionadas se reservan durante 10 minutos mientras completas el pago.</p>',
  },
  {
    id: 2,
    slug: 'politica-de-privacidad',
    title: 'Política de privacidad',
    subtitle: 'Tratamiento de datos personales',
    image: null,
    type: 'pie-de-pagina-1',
    content:
      '<p>Viziona trata tus datos personales conforme a la Ley 1581 de 2012. Puedes consultar, actualizar o suprimir tus datos escribiendo a nuestro canal de servicio al cliente.</p>',
  },
  {
    id: 3,
    slug: 'terminos-y-condiciones-club-vizionarios',
    title: 'Términos y condiciones Club Vizionarios',
    subtitle: 'Membresía anual',
    image: 'contenido-club',
    type: 'pie-de-pagina-1',
    content:
      '<ul><li>Hasta 20% de descuento en máximo 6 boletas por día.</li><li>Hasta 20% de descuento en máximo 6 combos de confitería por día.</li><li>4 boletas VIP al mes a precio general, redimibles solo en taquilla.</li></ul><p>La membresía es personal e intransferible y tiene vigencia de un año.</p>',
  },
  {
    id: 4,
    slug: 'preguntas-frecuentes',
    title: 'Preguntas frecuentes',
    subtitle: null,
    image: null,
    type: 'pie-de-pagina-2',
    content:
      '<h3>¿Cómo compro mis boletas?</h3><p>Elige la película, la función y tus sillas, y paga con tarjeta o PSE.</p><h3>¿Dónde veo mis boletas?</h3><p>En Mis Compras encontrarás los códigos QR de cada compra.</p>',
  },
  {
    id: 5,
    slug: 'trabaja-con-nosotros',
    title: 'Trabaja con nosotros',
    subtitle: 'Únete al equipo Viziona',
    image: 'contenido-equipo',
    type: 'pie-de-pagina-2',
    content:
      '<p>Buscamos personas apasionadas por el cine y el servicio. Envía tu hoja de vida a través de nuestra línea de contacto.</p>',
  },
  {
    id: 6,
    slug: 'corporativo',
    title: 'Ventas corporativas',
    subtitle: 'Lleva tu empresa al cine',
    image: 'contenido-corporativo',
    type: null,
    content: '<p>Funciones privadas, bonos y activaciones de marca para empresas de todos los tamaños.</p>',
  },
  {
    id: 7,
    slug: 'alquiler-de-sala',
    title: 'Alquiler de sala',
    subtitle: 'Tu evento en pantalla grande',
    image: null,
    type: null,
    content:
      '<p>Alquila una sala para mínimo 50 personas con 50 combos. Reserva con 10 días hábiles de anticipación.</p>',
  },
  {
    id: 8,
    slug: 'bonos',
    title: 'Bonos',
    subtitle: 'Boletas para tu equipo',
    image: null,
    type: null,
    content: '<p>Bonos de boletería para empresas, válidos por un año.</p>',
  },
  {
    id: 9,
    slug: 'bonos-de-regalo',
    title: 'Bonos de regalo',
    subtitle: 'Regala cine',
    image: null,
    type: null,
    content: '<p>Bonos de regalo desde $25.000, válidos por 6 meses.</p>',
  },
  {
    id: 10,
    slug: 'activacion',
    title: 'Activaciones de marca',
    subtitle: 'Tu marca frente a miles de espectadores',
    image: null,
    type: null,
    content: '<p>Activaciones en el lobby, muestras de producto y experiencias con el público.</p>',
  },
  {
    id: 11,
    slug: 'branding',
    title: 'Branding',
    subtitle: 'Publicidad en pantalla y espacios',
    image: null,
    type: null,
    content: '<p>Publicidad en pantalla antes de cada función, vinilos y pantallas digitales del lobby.</p>',
  },
];
