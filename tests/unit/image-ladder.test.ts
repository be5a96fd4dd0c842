import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '#site/lib/image-url.ts';
import { IMAGE_LAYOUTS, widthsFor } from '#site/components/responsive-image.ts';

/** The narrowest width a browser may take for a photo that needs `needed` device pixels. */
const pickedFor = (needed: number): number | undefined => IMAGE_WIDTHS.find((width) => width >= needed);

/** The width ladder of the image path (site/decisions/image-path.md, issue 40). */
describe('the image width ladder', () => {
  it('sends at most 1.25× the width needed anywhere, and at most 1.2× from 200 to 1280 px (phones and laptops)', () => {
    for (let needed = IMAGE_WIDTHS[0]; needed <= IMAGE_WIDTHS.at(-1)!; needed += 1)
      expect(pickedFor(needed)! / needed, `${needed} px needed`).toBeLessThanOrEqual(1.25);
    for (let needed = 200; needed <= 1280; needed += 1)
      expect(pickedFor(needed)! / needed, `${needed} px needed, ${pickedFor(needed)} sent`).toBeLessThanOrEqual(1.2);
  });

  it("gives the phone's two-column posters (171 px at DPR 2) a width near what they show", () => {
    expect(pickedFor(171 * 2)).toBe(360);
    expect(widthsFor(IMAGE_LAYOUTS.billboardSlide)).toContain(360);
    expect(widthsFor(IMAGE_LAYOUTS.posterGrid)).toContain(360);
  });

  it("gives a laptop's home slide poster (shown whole, 74 to 111 px at DPR 1) a width near what it shows", () => {
    expect(pickedFor(111)).toBe(120);
    expect(pickedFor(83)).toBe(100);
    expect(pickedFor(74)).toBe(80);
    expect(widthsFor(IMAGE_LAYOUTS.homeSlidePoster)).toEqual(expect.arrayContaining([80, 100, 120, 320]));
  });

  it('keeps the endpoint bounds and ascends', () => {
    expect(IMAGE_WIDTHS[0]).toBe(80);
    expect(IMAGE_WIDTHS.at(-1)).toBe(1920);
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);
  });
});
