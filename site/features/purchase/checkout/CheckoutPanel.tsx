import { BOOKING_TEXTS } from '../../../../shared/booking/texts.ts';
import type { Totals } from '../../../../shared/booking/totals.ts';
import { formatCop } from '../../../../shared/format/money.ts';
import type { PayBrandView } from '../../../../shared/views/booking.ts';
import { Modal } from '../../../components/Modal.tsx';
import { PosterImage } from '../../../components/PosterImage.tsx';
import type { CartItem } from '../stores/snacks.ts';
import { Countdown } from './Countdown.tsx';
import { PayBrandPicker } from './PayBrandPicker.tsx';

export interface CheckoutPanelProps {
  open: boolean;
  onClose: () => void;
  movie: { title: string; poster: string };
  dateText: string;
  hourText: string;
  zoneName: string;
  seats: readonly string[];
  items: readonly CartItem[];
  totals: Totals;
  secondsLeft: number;
  brands: readonly PayBrandView[];
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onChooseBrand: (brand: PayBrandView) => void;
}

const recipeText = (item: CartItem): string => {
  const names = [
    ...item.offer.fixed.map((part) => part.name),
    ...item.offer.groups.map(
      (group, index) => group.options.find((option) => option.code === item.choices[index])?.name ?? '',
    ),
  ].filter(Boolean);
  return names.join(', ');
};

/** 'Detalle de la Compra': what is being bought, what it costs, and 'Pagar en Linea con:'. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { open, onClose, movie, dateText, hourText, zoneName, seats, items, totals, secondsLeft, brands } = props;
  return (
    <Modal open={open} onClose={onClose} title={BOOKING_TEXTS.checkoutTitle} size="lg">
      <div className="flex flex-col gap-5">
        <Countdown secondsLeft={secondsLeft} />
        <div className="flex gap-4">
          <PosterImage src={movie.poster} width={96} layout="96px" eager className="h-36 w-24 shrink-0 rounded-xl" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="sr-only">Película</dt>
            <dd className="col-span-2 text-lg font-bold">{movie.title}</dd>
            <dt className="text-muted">Fecha</dt>
            <dd className="font-semibold">{dateText}</dd>
            <dt className="text-muted">Hora</dt>
            <dd className="font-semibold">{hourText}</dd>
            <dt className="text-muted">Ubicación</dt>
            <dd className="font-semibold">{zoneName}</dd>
            <dt className="text-muted">Sillas</dt>
            <dd className="font-semibold">{seats.join(', ')}</dd>
          </dl>
        </div>

        {items.length > 0 && (
          <section aria-label="Confitería">
            <h3 className="mb-2 font-bold">Confitería</h3>
            <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line">
              {items.map((item) => (
                <li key={item.key} className="flex flex-wrap items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{item.offer.name}</p>
                    {recipeText(item) && <p className="text-sm text-muted">{recipeText(item)}</p>}
                    <p className="text-sm text-muted">{formatCop(item.offer.price)} c/u</p>
                  </div>
                  <div className="flex items-center gap-1" role="group" aria-label={`Cantidad de ${item.offer.name}`}>
                    <button
                      type="button"
                      className="size-9 rounded-full border border-line text-lg font-bold disabled:opacity-40"
                      aria-label={`Quitar uno de ${item.offer.name}`}
                      disabled={item.quantity <= 1}
                      onClick={() => props.onQuantity(item.key, item.quantity - 1)}
                    >
                      −
                    </button>
                    <output className="w-8 text-center font-bold tabular-nums" aria-live="polite">
                      {item.quantity}
                    </output>
                    <button
                      type="button"
                      className="size-9 rounded-full border border-line text-lg font-bold"
                      aria-label={`Agregar uno de ${item.offer.name}`}
                      onClick={() => props.onQuantity(item.key, item.quantity + 1)}
                    >
                      +
                    </button>
                  </div>
                  <button
                    type="button"
                    aria-label={`Eliminar ${item.offer.name}`}
                    className="text-sm font-semibold text-danger underline-offset-4 hover:underline"
                    onClick={() => props.onRemove(item.key)}
                  >
                    Eliminar
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-2xl bg-surface-2 p-4 text-sm">
          <dt>Boletas ({totals.seats})</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.tickets)}</dd>
          <dt>Confitería ({totals.combos})</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.snacks)}</dd>
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.subtotal)}</dd>
          <dt>Servicio</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.service)}</dd>
          <dt className="mt-2 text-base font-bold">Total</dt>
          <dd className="mt-2 text-right text-base font-bold tabular-nums" data-testid="checkout-total">
            {formatCop(totals.total)}
          </dd>
          {totals.saving > 0 && (
            <>
              <dt className="text-success">Ahorro Club Vizionarios</dt>
              <dd className="text-right text-success tabular-nums">{formatCop(totals.saving)}</dd>
            </>
          )}
        </dl>

        <PayBrandPicker headingId="pay-brands-title" brands={brands} onChoose={props.onChooseBrand} />
      </div>
    </Modal>
  );
}
