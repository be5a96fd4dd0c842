import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The design tokens of site/styles/global.css: every text colour on every background the site
 * paints keeps WCAG's 4.5:1 for normal text (1.4.3), so a component built from the tokens
 * cannot fail contrast by its colours alone (axe still checks each page as rendered).
 */

const css = readFileSync(new URL('../../site/styles/global.css', import.meta.url), 'utf8');
const theme = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
const tokens = new Map(
  [...theme.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((match) => [match[1]!, match[2]!]),
);

function color(name: string): string {
  const value = tokens.get(name);
  if (!value) throw new Error(`no --color-${name} in global.css`);
  return value;
}

/** WCAG 2.2's relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const BACKGROUNDS = ['ink', 'surface', 'surface-2'];
const TEXTS = ['text', 'muted', 'brand', 'brand-strong', 'accent', 'danger', 'success', 'warning'];

describe('design token contrast', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it.each(TEXTS.flatMap((text) => BACKGROUNDS.map((background) => [text, background])))(
    'text colour %s on %s keeps 4.5:1',
    (text, background) => {
      expect(contrastRatio(color(text), color(background))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['brand', 'brand-strong'])('text on a %s button keeps 4.5:1', (background) => {
    expect(contrastRatio(color('on-brand'), color(background))).toBeGreaterThanOrEqual(4.5);
  });
});
