import type { RecipeAlternative, RecipeItem, SnackProduct } from '#shared/cinema-api/catalogue.ts';

const price = (general: number) => [{ General: general, OtroPago: Math.round(general * 0.9) }];

function single(Codigo: string, Descripcion: string, general: number, CineFanPlus: 's' | 'n' = 'n'): SnackProduct {
  return { Codigo, Descripcion, Tipo: 'P', Cantidad: 1, Precios: price(general), Receta: [], CineFanPlus };
}

const alternative = (Codigo: string, Descripcion: string): RecipeAlternative => ({
  Codigo,
  Descripcion,
  Tipo: 'P',
  Cantidad: 1,
  Precios: price(0),
});

const fixed = (Codigo: string, Descripcion: string, Cantidad = 1): RecipeItem => ({
  Codigo,
  Descripcion,
  Tipo: 'P',
  Cantidad,
  Precios: price(0),
  Receta: [],
});

const DRINKS = [
  alternative('GAS-COLA', 'Gaseosa cola 22 oz'),
  alternative('GAS-LIMON', 'Gaseosa limón 22 oz'),
  alternative('AGUA', 'Agua 600 ml'),
  alternative('TE-FRIO', 'Té frío 22 oz'),
];
const POPCORN = [
  alternative('CRIS-SAL', 'Crispetas de sal'),
  alternative('CRIS-DUL', 'Crispetas de caramelo'),
  alternative('CRIS-MIX', 'Crispetas mixtas'),
];

const group = (Codigo: string, Descripcion: string, Receta: RecipeAlternative[]): RecipeItem => ({
  Codigo,
  Descripcion,
  Tipo: 'A',
  Cantidad: 1,
  Precios: price(0),
  Receta,
});

function combo(
  Codigo: string,
  Descripcion: string,
  general: number,
  Receta: RecipeItem[],
  CineFanPlus: 's' | 'n' = 'n',
): SnackProduct {
  return { Codigo, Descripcion, Tipo: 'A', Cantidad: 1, Precios: price(general), Receta, CineFanPlus };
}

/** The score (point of sale) catalogue. */
export const SNACKS: SnackProduct[] = [
  combo('COMBO-PERSONAL', 'Combo Personal', 19000, [
    group('GRP-CRIS-1', 'Crispetas medianas', POPCORN),
    group('GRP-BEB-1', 'Bebida', DRINKS),
  ]),
  combo('COMBO-PAREJA', 'Combo Pareja', 32000, [
    group('GRP-CRIS-G', 'Crispetas grandes', POPCORN),
    group('GRP-BEB-1', 'Primera bebida', DRINKS),
    group('GRP-BEB-2', 'Segunda bebida', DRINKS),
  ]),
  combo('COMBO-NACHOS', 'Combo Nachos', 24000, [
    fixed('NACHOS-QUESO', 'Nachos con queso'),
    group('GRP-BEB-1', 'Bebida', DRINKS),
  ]),
  combo('COMBO-FAMILIAR', 'Combo Familiar', 52000, [
    group('GRP-CRIS-1', 'Primeras crispetas grandes', POPCORN),
    group('GRP-CRIS-2', 'Segundas crispetas grandes', POPCORN),
    fixed('PERRO', 'Perro caliente', 2),
    group('GRP-BEB-1', 'Primera bebida', DRINKS),
    group('GRP-BEB-2', 'Segunda bebida', DRINKS),
  ]),
  combo(
    'CF-COMBO-VIZIONARIO',
    'Combo Vizionario (Club)',
    24000,
    [
      group('GRP-CRIS-G', 'Crispetas grandes', POPCORN),
      group('GRP-BEB-1', 'Primera bebida', DRINKS),
      group('GRP-BEB-2', 'Segunda bebida', DRINKS),
    ],
    's',
  ),
  single('CF-CRIS-GRANDE', 'Crispetas grandes (Club)', 9500, 's'),
  single('CRIS-MEDIANA', 'Crispetas medianas', 11000),
  single('CRIS-GRANDE', 'Crispetas grandes', 14000),
  single('GAS-22', 'Gaseosa 22 oz', 7500),
  single('AGUA-600', 'Agua 600 ml', 4500),
  single('NACHOS', 'Nachos con queso', 15000),
  single('PERRO-CALIENTE', 'Perro caliente', 14000),
  single('CHOCOLATINA', 'Chocolatina', 5000),
];

export interface SnackCategory {
  id: number;
  name: string;
}

export const SNACK_CATEGORIES: Record<string, SnackCategory> = {
  combos: { id: 1, name: 'Combos' },
  crispetas: { id: 2, name: 'Crispetas' },
  bebidas: { id: 3, name: 'Bebidas' },
  snacks: { id: 4, name: 'Snacks' },
};

/** Web catalogue category of each score product. */
export const SNACK_CATEGORY_OF: Record<string, keyof typeof SNACK_CATEGORIES> = {
  'COMBO-PERSONAL': 'combos',
  'COMBO-PAREJA': 'combos',
  'COMBO-NACHOS': 'combos',
  'COMBO-FAMILIAR': 'combos',
  'CF-COMBO-VIZIONARIO': 'combos',
  'CF-CRIS-GRANDE': 'crispetas',
  'CRIS-MEDIANA': 'crispetas',
  'CRIS-GRANDE': 'crispetas',
  'GAS-22': 'bebidas',
  'AGUA-600': 'bebidas',
  NACHOS: 'snacks',
  'PERRO-CALIENTE': 'snacks',
  CHOCOLATINA: 'snacks',
};
