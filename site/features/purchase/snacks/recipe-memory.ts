import type { SnackOffer } from '#shared/views/booking.ts';

/**
 * A combo's usual recipe (issue 38): the options a person chose last time for each combo, kept
 * in this browser (localStorage, product codes only), and otherwise the first option of each
 * group, so the combo dialog opens ready to add and the person changes only what they want.
 * Storage refused (private mode, full), a stored value this code did not write, or a stored
 * option no longer offered falls back to the first option of that group.
 */
const KEY = 'viziona:combo-recipes';
/** The combos remembered at most (the newest kept): a menu has a handful. */
const MAX_COMBOS = 20;

function read(): Map<string, string[]> {
  const recipes = new Map<string, string[]>();
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return recipes;
    for (const entry of parsed) {
      if (!Array.isArray(entry) || entry.length !== 2) continue;
      const [code, choices] = entry as unknown[];
      if (typeof code === 'string' && Array.isArray(choices) && choices.every((choice) => typeof choice === 'string'))
        recipes.set(code, choices as string[]);
    }
  } catch {
    // Unreadable: nothing remembered.
  }
  return recipes;
}

/** Keeps the options chosen for a combo just added to the cart. */
export function rememberRecipe(code: string, choices: readonly string[]): void {
  const recipes = read();
  recipes.delete(code);
  recipes.set(code, [...choices]);
  try {
    localStorage.setItem(KEY, JSON.stringify([...recipes].slice(-MAX_COMBOS)));
  } catch {
    // Storage refused: next time the first options are offered.
  }
}

export interface UsualRecipe {
  /** One option code per recipe group (null only for a group offering none). */
  choices: Array<string | null>;
  /** Every choice is the one this browser chose last time. */
  remembered: boolean;
}

/** The recipe the combo dialog opens with. */
export function usualRecipe(offer: Pick<SnackOffer, 'code' | 'groups'>): UsualRecipe {
  const last = read().get(offer.code);
  let remembered = last !== undefined && last.length === offer.groups.length;
  const choices = offer.groups.map((group, index) => {
    const previous = last?.[index];
    if (previous !== undefined && group.options.some((option) => option.code === previous)) return previous;
    remembered = false;
    return group.options[0]?.code ?? null;
  });
  return { choices, remembered };
}
