import QRCode from 'qrcode';
import type { Bill, BillProduct } from '../../shared/cinema-api/bills.ts';
import { PAY_STATUS_ACCEPTED } from '../../shared/cinema-api/payments.ts';
import { formatHour, formatLongDate } from '../../shared/format/dates.ts';
import type { TicketView, TransactionProductView, TransactionView } from '../../shared/views/booking.ts';

/** The bill as the payment status pages show it. */
export function toTransactionView(bill: Bill): TransactionView {
  const [createdDate = '', createdTime = ''] = bill.created_at.split(' ');
  const showtime = bill.showtime;
  return {
    bill: bill.bill,
    accepted: bill.pay_status.id === PAY_STATUS_ACCEPTED,
    status: { id: bill.pay_status.id, name: bill.pay_status.name },
    createdAt: bill.created_at,
    createdAtText: `${formatLongDate(createdDate)}, ${formatHour(createdTime)}`,
    theater: bill.theater.fullname || bill.theater.name,
    payType: { id: bill.pay_type.id, name: bill.pay_type.name },
    payMethod: bill.pay_method,
    showtime: showtime
      ? {
          id: showtime.id,
          date: showtime.function_date,
          dateText: formatLongDate(showtime.function_date),
          hour: showtime.function_hour,
          hourText: formatHour(showtime.function_hour),
          roomName: showtime.room_name,
          format: showtime.movie_format,
          version: showtime.movie_version,
          movieTitle: showtime.movie.title,
          movieSlug: showtime.movie.slug,
        }
      : null,
    seats: bill.seats,
    products: bill.products.map(toProductView),
    subtotal: bill.subtotal,
    service: bill.total_service,
    total: bill.total,
  };
}

function toProductView(product: BillProduct): TransactionProductView {
  return {
    code: product.Codigo,
    name: product.Descripcion,
    quantity: product.Cantidad,
    unitPrice: product.Precio,
    total: product.Total,
    recipe: product.Receta.map((item) => ({ code: item.Codigo, name: item.Descripcion, quantity: item.Cantidad })),
  };
}

/** QR images are drawn here: a ticket code never goes to an outside service. */
export const QR_SIZE_PX = 200;

export function qrDataUrl(code: string): Promise<string> {
  return QRCode.toDataURL(code, { type: 'image/png', width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' });
}

/** The ticket page: only an accepted ticket purchase with a showtime has one. */
export async function toTicketView(bill: Bill, codes: ReadonlyArray<{ code: string; seat: string }>): Promise<TicketView | null> {
  const showtime = bill.showtime;
  if (bill.pay_status.id !== PAY_STATUS_ACCEPTED || !showtime) return null;
  return {
    bill: bill.bill,
    movie: {
      title: showtime.movie.title,
      durationMinutes: showtime.movie.duration,
      genre: showtime.movie.gender,
      poster: showtime.movie.poster,
    },
    date: showtime.function_date,
    dateText: formatLongDate(showtime.function_date),
    hour: showtime.function_hour,
    hourText: formatHour(showtime.function_hour),
    roomName: showtime.room_name,
    format: showtime.movie_format,
    version: showtime.movie_version,
    seats: bill.seats,
    codes: await Promise.all(codes.map(async ({ code, seat }) => ({ code, seat, qr: await qrDataUrl(code) }))),
    products: bill.products.map(toProductView),
  };
}
