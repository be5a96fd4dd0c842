import { memo, useEffect, useId, useState } from 'react';
import { Button } from '#site/components/Button.tsx';
import { inputClasses } from '#site/components/Field.tsx';
import { PURCHASE_TEXTS } from '../texts.ts';
import { rememberedSeatCount } from './seat-count-memory.ts';

export interface BestSeatsPickerProps {
  /** The seat limit: the count goes from 1 to it. */
  maxSeats: number;
  /** The zone has wheelchair spaces: the person may ask for seats beside one. */
  wheelchairSpaces: boolean;
  /** Picks the seats; answers the message to show when there is no room for them. */
  onPick: (count: number, besideWheelchairSpace: boolean) => string | null;
}

const FIRST_COUNT = 2;

/**
 * 'Cantidad de sillas' and 'Elegir las mejores sillas' (shared/booking/best-seats.ts): the seats
 * appear picked on the map as if clicked, and the bar under the map reads them.
 */
export const BestSeatsPicker = memo(function BestSeatsPicker({
  maxSeats,
  wheelchairSpaces,
  onPick,
}: BestSeatsPickerProps) {
  const id = useId();
  const [count, setCount] = useState(Math.min(FIRST_COUNT, maxSeats));
  const [beside, setBeside] = useState(false);
  const [message, setMessage] = useState('');
  const besideAsked = wheelchairSpaces && beside;
  // The count held last in this browser, once hydrated (the server cannot know it).
  useEffect(() => {
    const remembered = rememberedSeatCount(maxSeats);
    if (remembered !== null) setCount(remembered);
  }, [maxSeats]);

  return (
    <div>
      <div className="flex flex-wrap items-end gap-x-3 gap-y-3 sm:gap-x-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-count`} className="text-xs font-semibold sm:text-sm">
            {PURCHASE_TEXTS.seatCount}
          </label>
          <div className="w-20 sm:w-28">
            <select
              id={`${id}-count`}
              value={count}
              onChange={(event) => {
                setCount(Number(event.target.value));
                setMessage('');
              }}
              className={inputClasses}
            >
              {Array.from({ length: maxSeats }, (_, index) => (
                <option key={index + 1} value={index + 1}>
                  {index + 1}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setMessage(onPick(count, besideAsked) ?? '')}>
          {PURCHASE_TEXTS.bestSeats}
        </Button>
        {wheelchairSpaces && (
          <div className="flex basis-full flex-col gap-1">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={beside}
                aria-describedby={`${id}-hint`}
                onChange={(event) => {
                  setBeside(event.target.checked);
                  setMessage('');
                }}
                className="size-5 accent-brand"
              />
              {PURCHASE_TEXTS.besideWheelchairSpace}
            </label>
            <p id={`${id}-hint`} className="text-xs text-muted">
              {PURCHASE_TEXTS.wheelchairSpaceHint}
            </p>
          </div>
        )}
      </div>
      {/* Always there, empty until a message: a live region added with its text is not always read. */}
      <p aria-live="polite" className="mt-2 text-sm font-semibold text-warning empty:mt-0">
        {message}
      </p>
    </div>
  );
});
