import { memo } from 'react';
import { formatCop } from '#shared/format/money.ts';
import type { ZoneOffer } from '#shared/views/booking.ts';
import { PURCHASE_TEXTS } from '../texts.ts';

export interface ZonePickerProps {
  zones: readonly ZoneOffer[];
  value: string | null;
  disabled: boolean;
  onChange: (zone: string) => void;
}

/**
 * The price zones as radio buttons: name, the price this person pays and the saving text; two
 * side by side on a phone, so the seat map starts on the first screen.
 */
export const ZonePicker = memo(function ZonePicker({ zones, value, disabled, onChange }: ZonePickerProps) {
  return (
    <div role="radiogroup" aria-label="Ubicación" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
      {zones.map((zone) => {
        const checked = zone.zone === value;
        return (
          <label
            key={zone.zone}
            className={`flex cursor-pointer flex-col gap-0.5 rounded-xl border-2 px-3 py-2 sm:gap-1 sm:rounded-2xl sm:px-4 sm:py-3 ${checked ? 'border-brand bg-surface-2' : 'border-line bg-surface'} ${disabled ? 'cursor-not-allowed opacity-70' : 'hover:border-brand'}`}
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="zone"
                value={zone.zone}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(zone.zone)}
                className="size-4 accent-brand"
              />
              <span className="font-bold">{zone.zone}</span>
            </span>
            <span className="font-extrabold text-brand sm:text-xl">
              {formatCop(zone.price)}{' '}
              <span className="text-xs font-normal text-muted sm:text-sm">{PURCHASE_TEXTS.zonePrice}</span>
            </span>
            {zone.isMemberPrice && (
              <span className="text-xs font-semibold text-success">{PURCHASE_TEXTS.memberPrice}</span>
            )}
            {zone.savingText && (
              <span className={`text-xs sm:text-sm ${zone.isMemberPrice ? 'text-success' : 'text-muted'}`}>
                {zone.savingText}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
});
