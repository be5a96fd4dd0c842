import { describe, expect, it } from 'vitest';
import { announcedStep, isFullySent, percentSent } from '#site/features/forms/upload-progress.ts';

describe("a service form's upload progress", () => {
  it('is a whole percentage, 0 until the size is known and 100 only once everything has gone', () => {
    expect(percentSent({ sent: 0, total: 0 })).toBe(0);
    expect(percentSent({ sent: 500, total: 0 })).toBe(0);
    expect(percentSent({ sent: 1, total: 3 })).toBe(33);
    expect(percentSent({ sent: 999, total: 1000 })).toBe(99);
    expect(percentSent({ sent: 1000, total: 1000 })).toBe(100);
    expect(percentSent({ sent: 1200, total: 1000 })).toBe(100);
  });

  it('is announced at steps of 25 %, each step once however many events reach it', () => {
    const steps = Array.from({ length: 101 }, (_, percent) => announcedStep(percent));
    expect([...new Set(steps)]).toEqual([0, 25, 50, 75, 100]);
    expect(announcedStep(24)).toBe(0);
    expect(announcedStep(25)).toBe(25);
    expect(announcedStep(74)).toBe(50);
    expect(announcedStep(99)).toBe(75);
  });

  it('is fully sent only when every byte of a known size has gone', () => {
    expect(isFullySent({ sent: 0, total: 0 })).toBe(false);
    expect(isFullySent({ sent: 99, total: 100 })).toBe(false);
    expect(isFullySent({ sent: 100, total: 100 })).toBe(true);
  });
});
