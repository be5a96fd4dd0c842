import type { Bill, BillProduct, TicketCode } from '#shared/cinema-api/bills.ts';
import {
  PAY_STATUS_ACCEPTED,
  PAY_STATUS_PENDING,
  PAY_STATUS_REJECTED,
  PAY_TYPE_MEMBERSHIP,
  type PayMethod,
} from '#shared/cinema-api/payments.ts';
import { THEATER } from '../db/seed/marketing.ts';
import { allRows, getRow, run, type Database } from '../db/database.ts';
import { bogotaTimestamp, parseBogotaTimestamp } from '#shared/format/bogota-time.ts';
import { membershipEndAfterPurchase } from '#shared/booking/membership-renewal.ts';
import type { SandboxContext } from '../lib/context.ts';
import { randomCode } from '../lib/secrets.ts';
import { spendConsecutive } from './consecutives.ts';
import type { PurchaseQuote } from './purchase-quote.ts';
import { showtimeById } from './showtimes.ts';
import type { Views } from './views.ts';

export const PENDING_HOLD_MS = 15 * 60 * 1000;

const STATUS_NAMES: Record<number, string> = {
  [PAY_STATUS_ACCEPTED]: 'Aceptada',
  [PAY_STATUS_REJECTED]: 'Rechazada',
  [PAY_STATUS_PENDING]: 'Pendiente',
};
const PAY_TYPE_NAMES: Record<number, string> = { 1: 'Compra de boletas', 3: 'Membresía Club Vizionarios' };

export interface BillRow {
  id: number;
  bill: string;
  user_id: number;
  consecutive: number;
  pay_type: number;
  pay_method: PayMethod;
  pay_status: number;
  showtime_id: number | null;
  seats_json: string;
  products_json: string;
  subtotal: number;
  total_service: number;
  total: number;
  products_detail: string | null;
  products_description: string | null;
  payer_json: string | null;
  pse_ref: string | null;
  pse_expires_at: number | null;
  created_at: number;
}

export interface NewBill {
  userId: number;
  consecutive: number;
  method: PayMethod;
  status: number;
  quote: PurchaseQuote;
  productsDetail: string | undefined;
  productsDescription: string | undefined;
  payer: Record<string, string>;
  pseRef?: string;
  pseExpiresAt?: number;
}

export function insertBill(ctx: SandboxContext, bill: NewBill): BillRow {
  const { quote } = bill;
  const id = run(
    ctx.db,
    `INSERT INTO bills (user_id, consecutive, pay_type, pay_method, pay_status, showtime_id, seats_json, products_json,
       subtotal, total_service, total, products_detail, products_description, payer_json, pse_ref, pse_expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    bill.userId,
    bill.consecutive,
    quote.payType,
    bill.method,
    bill.status,
    quote.showtime?.id ?? null,
    JSON.stringify(quote.holds.map((hold) => hold.label)),
    JSON.stringify(quote.products),
    quote.subtotal,
    quote.totalService,
    quote.total,
    bill.productsDetail ?? null,
    bill.productsDescription ?? null,
    JSON.stringify(bill.payer),
    bill.pseRef ?? null,
    bill.pseExpiresAt ?? null,
    ctx.clock.nowMs(),
  ).lastId;
  run(ctx.db, 'UPDATE bills SET bill = ? WHERE id = ?', `VZ${String(id).padStart(6, '0')}`, id);
  const row = billById(ctx.db, id);
  if (row === undefined) throw new Error('bill vanished');
  return row;
}

export function billById(db: Database, id: number): BillRow | undefined {
  return getRow<BillRow>(db, 'SELECT * FROM bills WHERE id = ?', id);
}

/** A bill by its number ('VZ000123') or numeric id, only if it belongs to the user. */
export function ownedBill(db: Database, reference: string, userId: number): BillRow | undefined {
  return getRow<BillRow>(
    db,
    'SELECT * FROM bills WHERE (bill = ? OR CAST(id AS TEXT) = ?) AND user_id = ?',
    reference,
    reference,
    userId,
  );
}

export function billByPseRef(db: Database, ref: string): BillRow | undefined {
  return getRow<BillRow>(db, 'SELECT * FROM bills WHERE pse_ref = ?', ref);
}

export function billsOfUser(db: Database, userId: number): BillRow[] {
  return allRows<BillRow>(db, 'SELECT * FROM bills WHERE user_id = ? ORDER BY id DESC', userId);
}

export function ticketCodes(db: Database, billId: number): TicketCode[] {
  return allRows<TicketCode>(db, 'SELECT code, seat FROM ticket_codes WHERE bill_id = ? ORDER BY id', billId);
}

/** Ties the buyer's live hold to a bill awaiting payment, for 15 minutes. */
export function holdForPendingBill(ctx: SandboxContext, bill: BillRow, quote: PurchaseQuote): void {
  const until = ctx.clock.nowMs() + PENDING_HOLD_MS;
  for (const hold of quote.holds) {
    run(ctx.db, 'UPDATE seat_holds SET bill_id = ?, expires_at = ? WHERE id = ?', bill.id, until, hold.id);
  }
}

/** Accepted: seats sold, one code per seat, consecutive spent, membership extended. */
export function acceptBill(ctx: SandboxContext, bill: BillRow): void {
  const now = ctx.clock.nowMs();
  run(ctx.db, 'UPDATE bills SET pay_status = ? WHERE id = ?', PAY_STATUS_ACCEPTED, bill.id);
  if (bill.pay_type === PAY_TYPE_MEMBERSHIP) {
    const user = getRow<{ membership_ends_at: number | null }>(
      ctx.db,
      'SELECT membership_ends_at FROM users WHERE id = ?',
      bill.user_id,
    );
    const current = user?.membership_ends_at ?? null;
    const end = membershipEndAfterPurchase(current === null ? null : bogotaTimestamp(current), now);
    run(ctx.db, 'UPDATE users SET membership_ends_at = ? WHERE id = ?', parseBogotaTimestamp(end), bill.user_id);
  } else {
    run(
      ctx.db,
      `UPDATE seat_holds SET sold = 1, bill_id = ?, expires_at = NULL
       WHERE user_id = ? AND consecutive = ? AND showtime_id = ? AND sold = 0 AND (bill_id IS NULL OR bill_id = ?)`,
      bill.id,
      bill.user_id,
      bill.consecutive,
      bill.showtime_id,
      bill.id,
    );
    const seats: string[] = JSON.parse(bill.seats_json);
    for (const seat of seats) {
      run(
        ctx.db,
        'INSERT INTO ticket_codes (bill_id, code, seat) VALUES (?, ?, ?)',
        bill.id,
        `VZ${randomCode(10)}`,
        seat,
      );
    }
  }
  spendConsecutive(ctx.db, bill.consecutive, bill.id);
}

/** A pending card payment is settled by the provider this long after it was made. */
export const PENDING_CARD_SETTLE_MS = 3 * 60 * 1000;

/**
 * Settles the pending card payments whose time has come (on the sandbox clock): approved or
 * rejected as the card number said when it was paid (`payer.settles`); an approval whose
 * seats are no longer held is rejected. Runs before every cinema API call, so any read sees
 * the settled state.
 */
export function settleDueCardPayments(ctx: SandboxContext): void {
  const due = allRows<BillRow>(
    ctx.db,
    "SELECT * FROM bills WHERE pay_method = 'card' AND pay_status = ? AND created_at <= ?",
    PAY_STATUS_PENDING,
    ctx.clock.nowMs() - PENDING_CARD_SETTLE_MS,
  );
  for (const bill of due) {
    const payer: Record<string, string> = JSON.parse(bill.payer_json ?? '{}');
    const seats: string[] = JSON.parse(bill.seats_json);
    const seatsHeld = bill.pay_type === PAY_TYPE_MEMBERSHIP || liveHoldsOfBill(ctx, bill) === seats.length;
    if (payer.settles === 'approve' && seatsHeld) acceptBill(ctx, bill);
    else rejectBill(ctx, bill);
  }
}

/** Rejected: the seats tied to the bill are freed. */
export function rejectBill(ctx: SandboxContext, bill: BillRow): void {
  run(ctx.db, 'UPDATE bills SET pay_status = ? WHERE id = ?', PAY_STATUS_REJECTED, bill.id);
  run(ctx.db, 'DELETE FROM seat_holds WHERE bill_id = ? AND sold = 0', bill.id);
}

/** Seats tied to a pending bill that are still held. */
export function liveHoldsOfBill(ctx: SandboxContext, bill: BillRow): number {
  const row = getRow<{ count: number }>(
    ctx.db,
    'SELECT COUNT(*) AS count FROM seat_holds WHERE bill_id = ? AND sold = 0 AND expires_at > ?',
    bill.id,
    ctx.clock.nowMs(),
  );
  return row?.count ?? 0;
}

export function payStatusOf(id: number): { id: number; name: string } {
  return { id, name: STATUS_NAMES[id] ?? 'Desconocido' };
}

export function billView(ctx: SandboxContext, views: Views, row: BillRow): Bill {
  const showtime = row.showtime_id === null ? undefined : showtimeById(ctx.db, row.showtime_id);
  const products: BillProduct[] = JSON.parse(row.products_json);
  const seats: string[] = JSON.parse(row.seats_json);
  return {
    id: row.id,
    bill: row.bill,
    created_at: bogotaTimestamp(row.created_at),
    pay_status: payStatusOf(row.pay_status),
    pay_type: { id: row.pay_type, name: PAY_TYPE_NAMES[row.pay_type] ?? 'Compra' },
    pay_method: row.pay_method,
    theater: { name: THEATER.name, fullname: THEATER.fullname },
    showtime: showtime === undefined ? null : views.showtime(showtime),
    seats,
    products,
    subtotal: row.subtotal,
    total_service: row.total_service,
    total: row.total,
    codes: row.pay_status === PAY_STATUS_ACCEPTED ? ticketCodes(ctx.db, row.id) : [],
    score_consecutive: row.consecutive,
  };
}
