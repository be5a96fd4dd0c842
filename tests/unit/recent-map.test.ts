import { describe, expect, it } from 'vitest';
import { RecentMap } from '#bff/purchase/booking/recent-map.ts';

describe('a map of what was used lately', () => {
  it('keeps at most its bound, letting the least recently used go first', () => {
    const map = new RecentMap<string, number>({ maxEntries: 2, idleMs: 60_000, now: () => 0 });
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
  });

  it('drops what nobody used for its idle time, at the next use of the map', () => {
    let now = 0;
    const map = new RecentMap<string, number>({ maxEntries: 10, idleMs: 1_000, now: () => now });
    map.set('old', 1);
    map.set('kept', 2);
    now = 900;
    expect(map.get('kept')).toBe(2);
    now = 1_500;
    expect(map.get('kept')).toBe(2);
    expect(map.size).toBe(1);
    expect(map.get('old')).toBeUndefined();
    now = 5_000;
    map.set('new', 3);
    expect(map.size).toBe(1);
  });
});
