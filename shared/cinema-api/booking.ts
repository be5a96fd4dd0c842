import { z } from 'zod';
import { DateTimeTextSchema, dataEnvelope, requiredInt, requiredText } from './common.ts';
import { MovieSchema, RoomSchema, ShowtimeSchema } from './catalogue.ts';

/** Which payment means a sale offers (part of the booking data). */
const PaymentMethodSchema = z.object({
  /** Sent back as score_payment_method when paying. */
  score_payment_method: z.number(),
  pay_with_card: z.boolean(),
  pay_with_pse: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** GET score/consecutive/1 (bearer): a fresh purchase consecutive owned by the caller. */
const ConsecutiveSchema = z.object({ Secuencia: z.number() });
export const ConsecutiveAnswerSchema = dataEnvelope(ConsecutiveSchema);

export const FREQUENT_CLIENT_ENABLED = 'habilitado';
export const FREQUENT_CLIENT_DISABLED = 'deshabilitado';

/**
 * A price location. Every zone (`zona`) comes twice: the ordinary price
 * (ClienteFrecuente 'deshabilitado') and the member price ('habilitado'). Entries with
 * `valor` of 1 or less are not for sale and must be ignored.
 */
const PriceZoneSchema = z.object({
  /** The Tarifa sent when reserving. */
  codigo: z.string(),
  /** Zone name; equals LayoutPosition.TipoZona of the seats it applies to. */
  zona: z.string(),
  /** COP per ticket. */
  valor: z.number(),
  descripcion: z.string(),
  ClienteFrecuente: z.enum([FREQUENT_CLIENT_ENABLED, FREQUENT_CLIENT_DISABLED]),
});
export type PriceZone = z.infer<typeof PriceZoneSchema>;

/** Price entries at this value or less are not for sale. */
export const NOT_FOR_SALE_MAX_PRICE = 1;

/** "aval" prices: special prices only for an active card with CineFan 'vigente' (document 2, section 6). */
export function isAvalPrice(entry: PriceZone): boolean {
  return /aval/i.test(`${entry.codigo} ${entry.descripcion}`);
}

/** A zone's ordinary price, on sale: what somebody without the membership pays. */
export function isOrdinaryPrice(entry: PriceZone): boolean {
  return (
    entry.valor > NOT_FOR_SALE_MAX_PRICE && entry.ClienteFrecuente === FREQUENT_CLIENT_DISABLED && !isAvalPrice(entry)
  );
}

/** One cell of the room grid. Aisle cells have TipoSilla 'pasillo', ColumnaRelativa 0, TipoZona ''. */
const LayoutPositionSchema = z.object({
  /** Seat number within its row (0 for an aisle). */
  ColumnaRelativa: z.number(),
  /** Grid column, 1-based, aisles included. */
  ColumnaTotal: z.number(),
  /** Row letter. */
  FilaRelativa: z.string(),
  /** Grid row, 1-based; row 1 is nearest the screen. */
  FilaTotal: z.number(),
  /** 'Normal', 'Discapacitado' (not for web sale) or 'pasillo'. */
  TipoSilla: z.string(),
  /** PriceZone.zona of this seat. */
  TipoZona: z.string(),
});
export type LayoutPosition = z.infer<typeof LayoutPositionSchema>;

/** A room layout is the list of its grid cells, row by row, column by column. */
const RoomLayoutSchema = z.array(LayoutPositionSchema);

/**
 * EstadoSilla letters: 'S' free; 'R' held by the caller (bearer, and the consecutive when
 * ?score_consecutive= is given); 'O' occupied (held by someone else or awaiting payment);
 * 'V' sold.
 */
const SEAT_STATES = ['S', 'R', 'O', 'V'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

const SeatStatusSchema = z.object({
  /** LayoutPosition.ColumnaTotal. */
  Columna: z.number(),
  EstadoSilla: z.enum(SEAT_STATES),
  TipoSilla: z.string(),
});

/** One row of the room status; seats only (no aisles). */
const RoomStatusRowSchema = z.object({
  /** LayoutPosition.FilaRelativa. */
  filRel: z.string(),
  /** LayoutPosition.FilaTotal. */
  filTot: z.number(),
  DescripcionSilla: z.array(SeatStatusSchema),
});
export type RoomStatusRow = z.infer<typeof RoomStatusRowSchema>;

/** GET room/{showtimeId}/status. */
export const RoomStatusAnswerSchema = dataEnvelope(z.array(RoomStatusRowSchema));

const BookingMovieSchema = MovieSchema.omit({ showtimes: true });
export type BookingMovie = z.infer<typeof BookingMovieSchema>;

/** Everything the purchase screen needs about one showtime. */
const BookingDataSchema = z.object({
  showtime: ShowtimeSchema,
  movie: BookingMovieSchema,
  room: RoomSchema,
  prices: z.array(PriceZoneSchema),
  layout: RoomLayoutSchema,
  payment_method: PaymentMethodSchema,
});
export type BookingData = z.infer<typeof BookingDataSchema>;

/** GET room/{showtimeId}. */
export const BookingDataAnswerSchema = dataEnvelope(BookingDataSchema);
export type BookingDataAnswer = z.infer<typeof BookingDataAnswerSchema>;

/** A seat being reserved or paid. Fila/Columna identify it; the relative pair must match. */
export const SelectedSeatSchema = z.object({
  /** LayoutPosition.FilaTotal. */
  Fila: requiredInt('fila'),
  /** LayoutPosition.ColumnaTotal. */
  Columna: requiredInt('columna'),
  /** LayoutPosition.FilaRelativa. */
  FilRelativa: requiredText('fila relativa', 5),
  /** LayoutPosition.ColumnaRelativa. */
  ColRelativa: requiredInt('columna relativa'),
  /** PriceZone.codigo; its zona must be the seat's TipoZona. */
  Tarifa: requiredText('tarifa', 20),
});
export type SelectedSeat = z.infer<typeof SelectedSeatSchema>;

/** POST reserve/{showtimeId} (bearer). Replaces the caller's earlier hold for this consecutive. */
export const ReservePayloadSchema = z.object({
  score_consecutive: requiredInt('consecutivo'),
  seats: z.array(SelectedSeatSchema, { error: 'El campo sillas es obligatorio.' }).min(1, {
    error: 'Debes seleccionar al menos una silla.',
  }),
  device: requiredText('dispositivo', 20),
});

const ReservationSchema = z.object({
  showtime_id: z.number(),
  score_consecutive: z.number(),
  /** Labels 'F-7'. */
  seats: z.array(z.string()),
  /** End of the hold, 'YYYY-MM-DD HH:mm:ss'. */
  expires_at: DateTimeTextSchema,
  /** 600. */
  hold_seconds: z.number(),
});

/** POST reserve/{showtimeId}, 200. A taken seat is a 422 whose message contains 'OCUPADA'. */
export const ReserveAnswerSchema = z.object({ message: z.string(), data: ReservationSchema });

/** POST reserve/cancel/{showtimeId} (bearer). */
export const CancelReservePayloadSchema = z.object({
  score_consecutive: requiredInt('consecutivo'),
  device: requiredText('dispositivo', 20),
});

/** POST reserve/cancel/{showtimeId}, 200 even when nothing was held. */
export const CancelReserveAnswerSchema = z.object({
  message: z.string(),
  data: z.object({ released: z.number() }),
});
