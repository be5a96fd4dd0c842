import { describe, expect, it } from 'vitest';
import { membershipEndAfterPurchase } from '#shared/booking/membership-renewal.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';

const at = (date: string, time = '10:00:00'): number => bogotaInstant(date, time).getTime();

describe('the membership’s end after a Club Vizionarios purchase', () => {
  it('renews a running membership a year from its end', () => {
    expect(membershipEndAfterPurchase('2027-03-10 10:00:00', at('2026-11-24'))).toBe('2028-03-10 10:00:00');
  });

  it('starts a year from the purchase for a new member, a lapsed one, or an unreadable end', () => {
    const now = at('2026-11-24', '21:15:30');
    expect(membershipEndAfterPurchase(null, now)).toBe('2027-11-24 21:15:30');
    expect(membershipEndAfterPurchase('2026-11-01 08:00:00', now)).toBe('2027-11-24 21:15:30');
    expect(membershipEndAfterPurchase('pronto', now)).toBe('2027-11-24 21:15:30');
  });

  it('counts a calendar year in Bogotá, across a 29 February and from one', () => {
    expect(membershipEndAfterPurchase('2027-03-01 09:00:00', at('2027-01-01'))).toBe('2028-03-01 09:00:00');
    expect(membershipEndAfterPurchase('2028-02-29 09:00:00', at('2028-01-01'))).toBe('2029-02-28 09:00:00');
    // 23:30 in Bogotá is already the next day in UTC: the date stays Bogotá's.
    expect(membershipEndAfterPurchase(null, at('2026-12-31', '23:30:00'))).toBe('2027-12-31 23:30:00');
  });
});
