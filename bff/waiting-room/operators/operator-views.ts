import { z } from 'zod';
import { bogotaTimestamp } from '#shared/format/bogota-time.ts';
import {
  EVENT_ID_PATTERN,
  OPERATOR_ACTIONS,
  WaitingRoomLimitsSchema,
  WaitingRoomScopeSchema,
  phaseOf,
  type WaitingRoomEvent,
} from '#shared/waiting-room/event.ts';
import { END_REASONS, type EventFigures } from '../store/store.ts';

/**
 * What operators send and read on the operations port (`/waiting-room/...`): instants as ISO
 * 8601 with an offset (or epoch milliseconds), answered in Bogotá's offset.
 */

const InstantSchema = z.union([
  z.iso.datetime({ offset: true }).transform((text) => Date.parse(text)),
  z.int().nonnegative(),
]);

const startsInOrder = (event: { preQueueStartsAt?: number; saleStartsAt?: number }) =>
  event.preQueueStartsAt === undefined ||
  event.saleStartsAt === undefined ||
  event.preQueueStartsAt <= event.saleStartsAt;
const ORDER_MESSAGE = { error: 'preQueueStartsAt must not be after saleStartsAt', path: ['preQueueStartsAt'] };

export const CreateEventBodySchema = z
  .object({
    id: z.string().regex(EVENT_ID_PATTERN, { error: 'id: lower-case letters, digits and dashes, up to 40' }),
    name: z.string().trim().min(1).max(120),
    scope: WaitingRoomScopeSchema,
    preQueueStartsAt: InstantSchema,
    saleStartsAt: InstantSchema,
    maxBuyers: WaitingRoomLimitsSchema.shape.maxBuyers,
    admissionsPerMinute: WaitingRoomLimitsSchema.shape.admissionsPerMinute,
    admissionTtlSeconds: WaitingRoomLimitsSchema.shape.admissionTtlSeconds.default(300),
    captcha: z.boolean().default(false),
  })
  .refine(startsInOrder, ORDER_MESSAGE);

export const ChangeEventBodySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    scope: WaitingRoomScopeSchema,
    preQueueStartsAt: InstantSchema,
    saleStartsAt: InstantSchema,
  })
  .extend(WaitingRoomLimitsSchema.shape)
  .partial()
  .refine(startsInOrder, ORDER_MESSAGE);

export const EventParamsSchema = z.object({ id: z.string().regex(EVENT_ID_PATTERN) });
export const ActionParamsSchema = EventParamsSchema.extend({ action: z.enum(OPERATOR_ACTIONS) });

export const RevokeBodySchema = z
  .object({
    ticket: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}$/)
      .optional(),
    email: z.email().optional(),
  })
  .refine((body) => (body.ticket === undefined) !== (body.email === undefined), {
    error: 'name the pass by its ticket or by the account e-mail, one of the two',
  });

const bogotaIso = (instant: number): string => `${bogotaTimestamp(instant).replace(' ', 'T')}-05:00`;

const FiguresViewSchema = z.object({
  waiting: z.int(),
  buying: z.int(),
  admittedPerMinute: z.number().nullable(),
  admitted: z.int(),
  passes: z.object(
    Object.fromEntries(END_REASONS.map((reason) => [reason, z.int()])) as Record<
      (typeof END_REASONS)[number],
      z.ZodInt
    >,
  ),
  waitP50Seconds: z.number().nullable(),
  waitP95Seconds: z.number().nullable(),
});

export const OperatorEventViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: WaitingRoomScopeSchema,
  state: z.string(),
  phase: z.string(),
  preQueueStartsAt: z.string(),
  saleStartsAt: z.string(),
  maxBuyers: z.int(),
  admissionsPerMinute: z.int(),
  admissionTtlSeconds: z.int(),
  captcha: z.boolean(),
  figures: FiguresViewSchema,
});
export type OperatorEventView = z.infer<typeof OperatorEventViewSchema>;

export function toOperatorView(event: WaitingRoomEvent, figures: EventFigures, now: number): OperatorEventView {
  return {
    id: event.id,
    name: event.name,
    scope: event.scope,
    state: event.state,
    phase: phaseOf(event, now),
    preQueueStartsAt: bogotaIso(event.preQueueStartsAt),
    saleStartsAt: bogotaIso(event.saleStartsAt),
    maxBuyers: event.maxBuyers,
    admissionsPerMinute: event.admissionsPerMinute,
    admissionTtlSeconds: event.admissionTtlSeconds,
    captcha: event.captcha,
    figures: {
      waiting: figures.waiting,
      buying: figures.buying,
      admittedPerMinute: figures.admittedPerMinute === null ? null : Math.round(figures.admittedPerMinute * 10) / 10,
      admitted: figures.admitted,
      passes: figures.passes,
      waitP50Seconds: figures.waitP50Ms === null ? null : Math.round(figures.waitP50Ms / 100) / 10,
      waitP95Seconds: figures.waitP95Ms === null ? null : Math.round(figures.waitP95Ms / 100) / 10,
    },
  };
}
