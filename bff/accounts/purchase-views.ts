import type { Bill } from '../../shared/cinema-api/bills.ts';
import { PAY_STATUS_ACCEPTED } from '../../shared/cinema-api/payments.ts';
import { formatHour, formatLongDate } from '../../shared/format/dates.ts';
import type { PurchaseCardView, PurchaseDetailView } from '../../shared/views/accounts.ts';

/** Where a purchase leads: its tickets when accepted, otherwise its payment status. */
export function purchaseHref(bill: Pick<Bill, 'bill' | 'pay_method' | 'pay_status'>): string {
  const number = encodeURIComponent(bill.bill);
  return bill.pay_status.id === PAY_STATUS_ACCEPTED
    ? `/ticket/${number}`
    : `/pay-status/${encodeURIComponent(bill.pay_method)}/${number}`;
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
      accepted: bill.pay_status.id === PAY_STATUS_ACCEPTED,
      href: purchaseHref(bill),
    });
  }
  return cards;
}

export function toPurchaseDetail(bill: Bill): PurchaseDetailView {
  const showtime = bill.showtime;
  const accepted = bill.pay_status.id === PAY_STATUS_ACCEPTED;
  return {
    id: bill.id,
    bill: bill.bill,
    createdAt: bill.created_at,
    status: { id: bill.pay_status.id, name: bill.pay_status.name, accepted },
    payType: { id: bill.pay_type.id, name: bill.pay_type.name },
    payMethod: bill.pay_method,
    theater: bill.theater.fullname,
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
          movie: {
            slug: showtime.movie.slug,
            title: showtime.movie.title,
            poster: showtime.movie.poster,
            rating: showtime.movie.rating,
            genre: showtime.movie.gender,
            durationMinutes: showtime.movie.duration,
          },
        }
      : null,
    seats: bill.seats,
    products: bill.products.map((product) => ({
      code: product.Codigo,
      description: product.Descripcion,
      quantity: product.Cantidad,
      unitPrice: product.Precio,
      total: product.Total,
      components: product.Receta.map((item) => ({
        code: item.Codigo,
        description: item.Descripcion,
        quantity: item.Cantidad,
      })),
    })),
    subtotal: bill.subtotal,
    totalService: bill.total_service,
    total: bill.total,
    codes: accepted ? bill.codes : [],
    href: purchaseHref(bill),
  };
}
