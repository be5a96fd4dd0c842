import { useState } from 'react';
import { BOOKING_TEXTS } from '#shared/booking/texts.ts';
import { formatCop } from '#shared/format/money.ts';
import type { SnackOffer } from '#shared/views/booking.ts';
import { Modal } from '#site/components/Modal.tsx';
import { Button } from '#site/components/Button.tsx';
import { PURCHASE_TEXTS } from '../texts.ts';
import { usualRecipe } from './recipe-memory.ts';

export interface ComboDialogProps {
  offer: SnackOffer | null;
  onClose: () => void;
  onAdd: (choices: Array<string | null>) => void;
}

/** The combo dialog: one choice per recipe group; adding needs the whole recipe. */
export function ComboDialog({ offer, onClose, onAdd }: ComboDialogProps) {
  return (
    <Modal open={offer !== null} onClose={onClose} title={offer ? offer.name : PURCHASE_TEXTS.comboChoose} size="md">
      {offer && <ComboChoices key={offer.code} offer={offer} onAdd={onAdd} />}
    </Modal>
  );
}

function ComboChoices({ offer, onAdd }: { offer: SnackOffer; onAdd: ComboDialogProps['onAdd'] }) {
  // Opens with the usual recipe chosen (the last one this browser chose, else the first option
  // of each group): adding it is one tap, changing it is the person's choice.
  const [usual] = useState(() => usualRecipe(offer));
  const [choices, setChoices] = useState<Array<string | null>>(usual.choices);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-lg font-bold text-brand">{formatCop(offer.price)}</p>
      {offer.groups.length > 0 && (
        <p className="text-sm text-muted">
          {usual.remembered ? PURCHASE_TEXTS.comboLastRecipe : PURCHASE_TEXTS.comboSuggestedRecipe}
        </p>
      )}
      {offer.fixed.length > 0 && (
        <div>
          <p className="font-semibold">{PURCHASE_TEXTS.comboIncludes}</p>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {offer.fixed.map((item) => (
              <li key={item.code}>
                {item.quantity > 1 ? `${item.quantity} x ` : ''}
                {item.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {offer.groups.map((group, groupIndex) => (
        <fieldset key={`${group.code}-${groupIndex}`} className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{group.name}</legend>
          {group.options.map((option) => (
            <label
              key={option.code}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 hover:border-brand"
            >
              <input
                type="radio"
                name={`group-${groupIndex}`}
                value={option.code}
                checked={choices[groupIndex] === option.code}
                onChange={() =>
                  setChoices((current) => current.map((value, index) => (index === groupIndex ? option.code : value)))
                }
                className="size-4 accent-brand"
              />
              {option.name}
            </label>
          ))}
        </fieldset>
      ))}
      <Button onClick={() => onAdd(choices)}>{BOOKING_TEXTS.addToCart}</Button>
    </div>
  );
}
