/**
 * Step 1: the snacks in the cart and the combo whose recipe is being chosen. Combos in the cart
 * are bounded by the showtime's seat limit (document 2, section 5).
 */
import { atom } from 'nanostores';
import { canAddCombos, clampComboQuantity } from '#shared/booking/limits.ts';
import { cartLineKey, isRecipeComplete } from '#shared/booking/snacks.ts';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { countCombos } from '#shared/booking/totals.ts';
import type { SnackOffer } from '#shared/views/booking.ts';
import { openStatusModal } from '#site/components/feedback-stores.ts';
import { rememberRecipe } from '../snacks/recipe-memory.ts';

export interface CartItem {
  key: string;
  offer: SnackOffer;
  quantity: number;
  /** Chosen option code per recipe group. */
  choices: string[];
}

/** `maxCombos` is read when a combo is added; `onComboAdded` runs after the combo dialog adds one. */
export function createSnacksStore(maxCombos: () => number, onComboAdded: () => void) {
  const $cart = atom<readonly CartItem[]>([]);
  /** The combo whose dialog is open. */
  const $comboOffer = atom<SnackOffer | null>(null);

  function comboLimitReached(adding: number): boolean {
    const max = maxCombos();
    if (canAddCombos(countCombos($cart.get()), adding, max)) return false;
    openStatusModal({
      type: 'warning',
      title: BOOKING_TEXTS.comboLimitTitle,
      subtitle: BOOKING_TEXTS.comboLimit(max),
      actionLabel: 'Ok',
    });
    return true;
  }

  function showIncompleteCombo(): void {
    openStatusModal({ type: 'warning', title: BOOKING_TEXTS.incompleteCombo, actionLabel: 'Ok' });
  }

  function addToCart(offer: SnackOffer, choices: string[] = []): boolean {
    if (offer.groups.length > 0 && !isRecipeComplete(offer, choices)) {
      showIncompleteCombo();
      return false;
    }
    if (comboLimitReached(1)) return false;
    const key = cartLineKey({ code: offer.code, choices });
    const cart = $cart.get();
    const existing = cart.find((item) => item.key === key);
    $cart.set(
      existing
        ? cart.map((item) => (item.key === key ? { ...item, quantity: item.quantity + 1 } : item))
        : [...cart, { key, offer, quantity: 1, choices }],
    );
    return true;
  }

  /** 'Agregar al carrito' of the carousel: combos open their dialog, products go in at once. */
  function chooseSnack(offer: SnackOffer): void {
    if (offer.groups.length > 0) $comboOffer.set(offer);
    else addToCart(offer);
  }

  /** The combo dialog's 'Agregar al carrito': then the dialog closes. */
  function addCombo(choices: Array<string | null>): void {
    const offer = $comboOffer.get();
    if (!offer) return;
    if (!isRecipeComplete(offer, choices)) {
      showIncompleteCombo();
      return;
    }
    const recipe = choices.filter((choice): choice is string => choice !== null);
    if (!addToCart(offer, recipe)) return;
    rememberRecipe(offer.code, recipe);
    $comboOffer.set(null);
    onComboAdded();
  }

  function setQuantity(key: string, quantity: number): void {
    const cart = $cart.get();
    const item = cart.find((line) => line.key === key);
    if (!item) return;
    const next = clampComboQuantity(quantity);
    if (next > item.quantity && comboLimitReached(next - item.quantity)) return;
    $cart.set(cart.map((line) => (line.key === key ? { ...line, quantity: next } : line)));
  }

  return {
    $cart,
    $comboOffer,
    chooseSnack,
    addCombo,
    closeCombo: () => $comboOffer.set(null),
    setQuantity,
    removeFromCart: (key: string) => $cart.set($cart.get().filter((line) => line.key !== key)),
    /** The held seats changed: snacks chosen for the old ones go. */
    emptyCart: () => $cart.set([]),
    /** Starting over: no snacks, no combo dialog. */
    clear: () => {
      $cart.set([]);
      $comboOffer.set(null);
    },
  };
}

export type SnacksStore = ReturnType<typeof createSnacksStore>;
