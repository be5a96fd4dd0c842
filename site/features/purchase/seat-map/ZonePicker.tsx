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

/** The price zones as radio buttons: name, the price this person pays and the saving text. */
export const ZonePicker = memo(function ZonePicker({ zones, value, disabled, onChange }: ZonePickerProps) {
  return (
    <div role="radiogroup" aria-label="Ubicación" className="grid gap-3 sm:grid-cols-3">
      {zones.map((zone) => {
        const checked = zone.zone === value;
        return (
          <label
            key={zone.zone}
            className={`flex cursor-pointer flex-col gap-1 rounded-2xl border-2 p-4 ${checked ? 'border-brand bg-surface-2' : 'border-line bg-surface'} ${disabled ? 'cursor-not-allowed opacity-70' : 'hover:border-brand'}`}
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
            <span className="text-xl font-extrabold text-brand">
              {formatCop(zone.price)} <span className="text-sm font-normal text-muted">{PURCHASE_TEXTS.zonePrice}</span>
            </span>
            {zone.isMemberPrice && (
              <span className="text-xs font-semibold text-success">{PURCHASE_TEXTS.memberPrice}</span>
            )}
            {zone.savingText && (
              <span className={`text-sm ${zone.isMemberPrice ? 'text-success' : 'text-muted'}`}>{zone.savingText}</span>
            )}
          </label>
        );
      })}
    </div>
  );
});
