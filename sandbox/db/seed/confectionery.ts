export interface ConfectionerySeed {
  id: number;
  name: string;
  /** Image name under /sandbox/images, or null (the site shows its placeholder). */
  image: string | null;
  description: string | null;
}

/** The confectionery page (site content). The "aval" item is one the site must hide. */
export const CONFECTIONERY_PAGE: ConfectionerySeed[] = [
  {
    id: 1,
    name: 'Crispetas',
    image: 'confiteria-crispetas',
    description: '<p>De sal, de caramelo o mixtas, recién hechas en cada función.</p>',
  },
  {
    id: 2,
    name: 'Combos',
    image: 'confiteria-combos',
    description: '<p>Crispetas y bebida a mejor precio. Pregunta por el <strong>Combo Pareja</strong>.</p>',
  },
  { id: 3, name: 'Bebidas', image: 'confiteria-bebidas', description: '<p>Gaseosas, agua y té frío.</p>' },
  { id: 4, name: 'Nachos', image: 'confiteria-nachos', description: '<p>Con queso cheddar caliente.</p>' },
  { id: 5, name: 'Perros calientes', image: 'confiteria-perros', description: null },
  { id: 6, name: 'Dulces y chocolates', image: null, description: '<p>Para los más golosos.</p>' },
  {
    id: 7,
    name: 'Promoción Tarjetas Aval',
    image: 'confiteria-aval',
    description: '<p>Descuento pagando con tarjetas del Grupo Aval.</p>',
  },
];
