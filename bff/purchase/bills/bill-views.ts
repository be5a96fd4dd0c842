import QRCode from 'qrcode';
import type { Bill, BillProduct } from '#shared/cinema-api/bills.ts';
import type { Showtime } from '#shared/cinema-api/catalogue.ts';
import { PAY_STATUS_ACCEPTED } from '#shared/cinema-api/payments.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import type { PurchaseCardView, PurchaseDetailView } from '#shared/views/accounts.ts';
import type {
  BillProductView,
  BillShowtimeView,
  TicketCodeView,
  TicketView,
  TransactionView,
} from '#shared/views/booking.ts';
import { toBookingMovie, toShowtimeFacts } from '#bff/purchase/common/showtime-facts.ts';

// Every view of a bill (a purchase): the status pages', "Mis tickets"' cards and detail, the ticket page's.

const isAccepted = (bill: Pick<Bill, 'pay_status'>): boolean => bill.pay_status.id === PAY_STATUS_ACCEPTED;

/** Where a purchase leads: its tickets when accepted, otherwise its payment status. */
function purchaseHref(bill: Pick<Bill, 'bill' | 'pay_method' | 'pay_status'>): string {
  const number = encodeURIComponent(bill.bill);
  return isAccepted(bill) ? `/ticket/${number}` : `/pay-status/${encodeURIComponent(bill.pay_method)}/${number}`;
}

function toBillShowtime(showtime: Showtime): BillShowtimeView {
  return { ...toShowtimeFacts(showtime), movie: toBookingMovie(showtime.movie) };
}

function toBillProduct(product: BillProduct): BillProductView {
  return {
    code: product.Codigo,
    name: product.Descripcion,
    quantity: product.Cantidad,
    unitPrice: product.Precio,
    total: product.Total,
    recipe: product.Receta.map((item) => ({ code: item.Codigo, name: item.Descripcion, quantity: item.Cantidad })),
  };
}

/** The bill as the payment status pages show it. */
export function toTransactionView(bill: Bill): TransactionView {
  const [createdDate = '', createdTime = ''] = bill.created_at.split(' ');
  return {
    bill: bill.bill,
    accepted: isAccepted(bill),
    status: { id: bill.pay_status.id, name: bill.pay_status.name },
    createdAt: bill.created_at,
    createdAtText: `${formatLongDate(createdDate)}, ${formatHour(createdTime)}`,
    theater: bill.theater.fullname || bill.theater.name,
    payType: { id: bill.pay_type.id, name: bill.pay_type.name },
    payMethod: bill.pay_method,
    showtime: bill.showtime ? toBillShowtime(bill.showtime) : null,
    seats: bill.seats,
    products: bill.products.map(toBillProduct),
    subtotal: bill.subtotal,
    service: bill.total_service,
    total: bill.total,
  };
}

/** `GET /bff/profile/purchases/:id`: the transaction view with the id, the codes and the link. */
export function toPurchaseDetail(bill: Bill): PurchaseDetailView {
  const view = toTransactionView(bill);
  return {
    ...view,
    id: bill.id,
    status: { ...view.status, accepted: view.accepted },
    totalService: view.service,
    codes: view.accepted ? bill.codes : [],
    href: purchaseHref(bill),
  };
}

/** The "Mis tickets" cards: purchases without a showtime (memberships) are skipped. */
export function toPurchaseCards(bills: ReadonlyArray<Bill>): PurchaseCardView[] {
  const cards: PurchaseCardView[] = [];
  for (const bill of bills) {
    const showtime = bill.showtime;
    if (!showtime) continue;
    cards.push({
      id: bill.id,
      bill: bill.bill,
      title: showtime.movie.title,
      poster: showtime.movie.poster,
      date: showtime.function_date,
      dateText: formatLongDate(showtime.function_date),
      hour: showtime.function_hour,
      hourText: formatHour(showtime.function_hour),
      status: bill.pay_status.name,
      accepted: isAccepted(bill),
      href: purchaseHref(bill),
    });
  }
  return cards;
}

/** QR images are drawn here: a ticket code never goes to an outside service. */
const QR_SIZE_PX = 200;

function qrDataUrl(code: string): Promise<string> {
  return QRCode.toDataURL(code, { type: 'image/png', width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' });
}

/** The ticket page: only an accepted ticket purchase with a showtime has one. */
export async function toTicketView(
  bill: Bill,
  codes: ReadonlyArray<TicketCodeView>,
  wallets: TicketView['wallets'],
): Promise<TicketView | null> {
  if (!isAccepted(bill) || !bill.showtime) return null;
  return {
    bill: bill.bill,
    showtime: toBillShowtime(bill.showtime),
    seats: bill.seats,
    codes: await Promise.all(codes.map(async ({ code, seat }) => ({ code, seat, qr: await qrDataUrl(code) }))),
    products: bill.products.map(toBillProduct),
    wallets,
  };
}
