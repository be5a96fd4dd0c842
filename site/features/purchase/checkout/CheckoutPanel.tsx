import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import type { Totals } from '#shared/booking/totals.ts';
import { formatCop } from '#shared/format/money.ts';
import type { PayBrandView, PaymentMethodView, SnackOffer } from '#shared/views/booking.ts';
import { Modal } from '#site/components/Modal.tsx';
import { PosterImage } from '#site/components/PosterImage.tsx';
import type { CartItem } from '../stores/snacks.ts';
import type { PayMethod } from '#site/features/payment/pay-methods.ts';
import { PayBrandPicker } from '#site/features/payment/PayBrandPicker.tsx';
import { ServiceIncluded } from '../ServiceIncluded.tsx';
import { PURCHASE_TEXTS } from '../texts.ts';
import { StickyCountdown } from './Countdown.tsx';

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
  methods: PaymentMethodView;
  /** The snacks on offer, each one tap away from the checkout ('Agregar …'). */
  snacks: readonly SnackOffer[];
  onAddSnack: (offer: SnackOffer) => void;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onChooseBrand: (brand: PayBrandView, method: PayMethod | null) => void;
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

/**
 * A cart line's name for its controls ('Quitar uno de Combo Nachos'): with its choices when
 * another line holds the same product, so no two controls of the checkout share a name.
 */
const lineName = (item: CartItem, items: readonly CartItem[]): string => {
  if (!items.some((other) => other !== item && other.offer.code === item.offer.code)) return item.offer.name;
  const chosen = item.offer.groups
    .map((group, index) => group.options.find((option) => option.code === item.choices[index])?.name ?? '')
    .filter(Boolean);
  return `${item.offer.name} (${chosen.join(', ')})`;
};

/**
 * 'Detalle de la Compra': what is being bought, what it costs, and 'Pagar en línea con:'. On a
 * phone the countdown stays pinned at the top and the total with the ways to pay at the bottom
 * of the dialog, whatever is scrolled between; more snacks are added from here in one tap.
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { open, onClose, movie, dateText, hourText, zoneName, seats, items, totals, secondsLeft, brands } = props;
  return (
    <Modal open={open} onClose={onClose} title={BOOKING_TEXTS.checkoutTitle} size="lg">
      <div className="flex flex-col gap-5">
        <StickyCountdown secondsLeft={secondsLeft} />
        <div className="flex gap-4">
          <PosterImage
            src={movie.poster}
            width={96}
            layout="checkoutPoster"
            eager
            className="h-24 w-16 shrink-0 rounded-xl sm:h-36 sm:w-24"
          />
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
              {items.map((item) => {
                const name = lineName(item, items);
                return (
                  <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3">
                    {/* The combo's text takes the whole width; its quantity and 'Eliminar' go under it. */}
                    <div className="min-w-0 basis-full">
                      <p className="font-semibold">{item.offer.name}</p>
                      {recipeText(item) && <p className="text-sm text-muted">{recipeText(item)}</p>}
                      <p className="text-sm text-muted">{formatCop(item.offer.price)} c/u</p>
                    </div>
                    <div className="mr-auto flex items-center gap-1" role="group" aria-label={`Cantidad de ${name}`}>
                      <button
                        type="button"
                        className="size-9 rounded-full border border-line text-lg font-bold disabled:opacity-40"
                        aria-label={`Quitar uno de ${name}`}
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
                        aria-label={`Agregar uno de ${name}`}
                        onClick={() => props.onQuantity(item.key, item.quantity + 1)}
                      >
                        +
                      </button>
                    </div>
                    <button
                      type="button"
                      aria-label={`Eliminar ${name}`}
                      className="text-sm font-semibold text-danger underline-offset-4 hover:underline"
                      onClick={() => props.onRemove(item.key)}
                    >
                      Eliminar
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        <MoreSnacks snacks={props.snacks} onAdd={props.onAddSnack} />

        <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-2xl bg-surface-2 p-4 text-sm">
          <dt>Boletas ({totals.seats})</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.tickets)}</dd>
          <dt>Confitería ({totals.combos})</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.snacks)}</dd>
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.subtotal)}</dd>
          <dt>Servicio</dt>
          <dd className="text-right tabular-nums">{formatCop(totals.service)}</dd>
          {totals.saving > 0 && (
            <>
              <dt className="text-success">Ahorro Club Vizionarios</dt>
              <dd className="text-right text-success tabular-nums">{formatCop(totals.saving)}</dd>
            </>
          )}
        </dl>

        {/* Pinned to the dialog's bottom: the total and the ways to pay, without scrolling past the rest. */}
        <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col gap-3 border-t border-line bg-surface px-6 pt-4 pb-6 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:pb-8">
          <div>
            <p className="flex items-baseline justify-between text-base font-bold">
              <span>{PURCHASE_TEXTS.total}</span>
              <span className="tabular-nums" data-testid="checkout-total">
                {formatCop(totals.total)}
              </span>
            </p>
            <ServiceIncluded totals={totals} className="block text-right" />
          </div>
          <PayBrandPicker
            headingId="pay-brands-title"
            brands={brands}
            methods={props.methods}
            onChoose={props.onChooseBrand}
          />
        </div>
      </div>
    </Modal>
  );
}

/** 'Agrega más confitería': each snack on offer, one tap to add (a combo opens its dialog over this one). */
function MoreSnacks({ snacks, onAdd }: { snacks: readonly SnackOffer[]; onAdd: (offer: SnackOffer) => void }) {
  if (snacks.length === 0) return null;
  return (
    <section aria-labelledby="more-snacks-title">
      <h3 id="more-snacks-title" className="mb-2 font-bold">
        {PURCHASE_TEXTS.moreSnacks}
      </h3>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
        {snacks.map((offer) => (
          <li key={offer.code} className="shrink-0">
            <button
              type="button"
              onClick={() => onAdd(offer)}
              className="flex min-h-11 flex-col items-start rounded-xl border border-line bg-surface-2 px-3 py-2 text-left text-sm hover:border-brand"
            >
              <span className="font-semibold">
                <span aria-hidden="true">+ </span>
                <span className="sr-only">{PURCHASE_TEXTS.addSnack} </span>
                {offer.name}
              </span>
              <span className="text-muted tabular-nums">{formatCop(offer.price)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
