import type { BillProduct, BillRecipeItem } from '#shared/cinema-api/bills.ts';
import type { ProductLine, CardPayPayload } from '#shared/cinema-api/payments.ts';
import { PAY_TYPE_MEMBERSHIP } from '#shared/cinema-api/payments.ts';
import { PAY_BRANDS, PAYMENT_METHOD } from '../db/seed/marketing.ts';
import { settingNumber } from '../db/seed/settings.ts';
import type { FieldErrors } from '../lib/api-error.ts';
import type { SandboxContext } from '../lib/context.ts';
import { CONSECUTIVE_INVALID, usableConsecutive } from './consecutives.ts';
import { liveHold, type HoldRow } from './seat-holds.ts';
import { showtimeById, type ShowtimeRow } from './showtimes.ts';
import { isMember, type UserRow } from './users.ts';

/** The fields card and PSE payments share. */
export type PurchaseFields = Pick<
  CardPayPayload,
  | 'pay_type'
  | 'subtotal'
  | 'total_service'
  | 'total'
  | 'score_consecutive'
  | 'score_payment_method'
  | 'showtime_id'
  | 'seats'
  | 'products'
  | 'keyPay'
>;

export interface PurchaseQuote {
  payType: number;
  showtime: ShowtimeRow | null;
  holds: HoldRow[];
  products: BillProduct[];
  subtotal: number;
  totalService: number;
  total: number;
}

const RECIPE_MISSING = 'Debes seleccionar la receta del combo';

function resolveRecipe(ctx: SandboxContext, line: ProductLine, field: string, errors: FieldErrors): BillRecipeItem[] {
  const snack = ctx.catalogue.snackByCode.get(line.Codigo);
  if (snack === undefined || snack.Tipo !== 'A') return [];
  const remaining = line.Receta.map((choice) => choice.Codigo);
  const items: BillRecipeItem[] = [];
  for (const component of snack.Receta) {
    if (component.Tipo === 'P') {
      items.push({ Codigo: component.Codigo, Descripcion: component.Descripcion, Cantidad: component.Cantidad });
      continue;
    }
    const index = remaining.findIndex((code) => component.Receta.some((alternative) => alternative.Codigo === code));
    const chosen = component.Receta.find((alternative) => alternative.Codigo === remaining[index]);
    if (index === -1 || chosen === undefined) {
      errors.add(`${field}.Receta`, RECIPE_MISSING);
      return [];
    }
    remaining.splice(index, 1);
    items.push({ Codigo: chosen.Codigo, Descripcion: chosen.Descripcion, Cantidad: component.Cantidad });
  }
  if (remaining.length > 0) errors.add(`${field}.Receta`, `La receta del combo ${snack.Descripcion} no es válida.`);
  return items;
}

function resolveProducts(ctx: SandboxContext, user: UserRow, lines: ProductLine[], errors: FieldErrors): BillProduct[] {
  const member = isMember(user, ctx.clock.nowMs());
  const products: BillProduct[] = [];
  lines.forEach((line, index) => {
    const field = `products.${index}`;
    const snack = ctx.catalogue.snackByCode.get(line.Codigo);
    if (snack === undefined) {
      errors.add(`${field}.Codigo`, `El producto ${line.Codigo} no existe.`);
      return;
    }
    if (snack.CineFanPlus === 's' && !member) {
      errors.add(
        `${field}.Codigo`,
        `El producto ${snack.Descripcion} es exclusivo para miembros del Club Vizionarios.`,
      );
      return;
    }
    const price = snack.Precios[0]?.General ?? 0;
    products.push({
      Codigo: snack.Codigo,
      Descripcion: snack.Descripcion,
      Cantidad: line.Cantidad,
      Precio: price,
      Total: price * line.Cantidad,
      Receta: resolveRecipe(ctx, line, field, errors),
    });
  });
  const units = lines.reduce((sum, line) => sum + line.Cantidad, 0);
  const maximum = settingNumber('maximo_entradas');
  if (units > maximum) errors.add('products', `Solo puedes seleccionar ${maximum} combos en total.`);
  return products;
}

function sameSeats(holds: HoldRow[], payload: PurchaseFields): boolean {
  const held = holds.map((hold) => `${hold.fila}:${hold.columna}`).sort();
  const sent = payload.seats.map((seat) => `${seat.Fila}:${seat.Columna}`).sort();
  return held.length > 0 && held.length === sent.length && held.every((key, index) => key === sent[index]);
}

function checkAmounts(payload: PurchaseFields, subtotal: number, totalService: number, errors: FieldErrors): void {
  const message = 'El valor no coincide con los precios vigentes.';
  if (payload.subtotal !== subtotal) errors.add('subtotal', message);
  if (payload.total_service !== totalService) errors.add('total_service', message);
  if (payload.total !== subtotal + totalService) errors.add('total', message);
}

/** Recomputes what the buyer owes from authoritative data; adds a 422 error for every mismatch. */
export function quotePurchase(
  ctx: SandboxContext,
  user: UserRow,
  payload: PurchaseFields,
  errors: FieldErrors,
): PurchaseQuote {
  if (!PAY_BRANDS.some((brand) => brand.id === payload.keyPay)) errors.add('keyPay', 'El medio de pago no es válido.');
  if (payload.score_payment_method !== PAYMENT_METHOD.score_payment_method) {
    errors.add('score_payment_method', 'El método de pago no es válido.');
  }
  if (usableConsecutive(ctx.db, payload.score_consecutive, user.id) === undefined) {
    errors.add('score_consecutive', CONSECUTIVE_INVALID);
  }
  if (payload.pay_type === PAY_TYPE_MEMBERSHIP) {
    if (payload.seats.length > 0 || payload.products.length > 0) {
      errors.add('pay_type', 'La compra de la membresía no incluye sillas ni productos.');
    }
    const subtotal = settingNumber('membresia_valor');
    const totalService = settingNumber('membresia_servicio');
    checkAmounts(payload, subtotal, totalService, errors);
    return {
      payType: payload.pay_type,
      showtime: null,
      holds: [],
      products: [],
      subtotal,
      totalService,
      total: subtotal + totalService,
    };
  }
  const showtime = payload.showtime_id == null ? undefined : showtimeById(ctx.db, payload.showtime_id);
  if (showtime === undefined) errors.add('showtime_id', 'La función no existe.');
  const holds = showtime === undefined ? [] : liveHold(ctx, showtime.id, user.id, payload.score_consecutive);
  if (showtime !== undefined && !sameSeats(holds, payload)) {
    errors.add('seats', 'La reserva de sillas expiró o no existe. Vuelve a seleccionar tus sillas.');
  }
  const products = resolveProducts(ctx, user, payload.products, errors);
  const tickets = holds.reduce((sum, hold) => sum + hold.price, 0);
  const snacks = products.reduce((sum, product) => sum + product.Total, 0);
  const units = products.reduce((sum, product) => sum + product.Cantidad, 0);
  const subtotal = tickets + snacks;
  const totalService = settingNumber('ticket_servicio') * holds.length + settingNumber('confiteria_servicio') * units;
  checkAmounts(payload, subtotal, totalService, errors);
  return {
    payType: payload.pay_type,
    showtime: showtime ?? null,
    holds,
    products,
    subtotal,
    totalService,
    total: subtotal + totalService,
  };
}
