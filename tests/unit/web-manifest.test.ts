import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The web manifest that makes the site installable: Spanish, our design tokens' colours, icons that exist at their sizes. */

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}
const manifest = JSON.parse(read('site/public/manifest.webmanifest')) as {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** A design token of styles/global.css. */
function token(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(read('site/styles/global.css'));
  if (!match) throw new Error(`no token --color-${name}`);
  return match[1]!.toLowerCase();
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): string {
  const bytes = readFileSync(new URL(`site/public${path}`, root));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web manifest', () => {
  it('is in Spanish and opens the site as an app of its own', () => {
    expect(manifest.lang).toBe('es-CO');
    expect(manifest.short_name).toBe('Viziona');
    expect(manifest.name).toMatch(/^Viziona/);
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
  });

  it("takes its colours from the design tokens, as the pages' theme-color does", () => {
    expect(manifest.theme_color).toBe(token('ink'));
    expect(manifest.background_color).toBe(token('ink'));
    expect(read('site/layouts/DocumentHead.astro')).toContain(`<meta name="theme-color" content="${token('ink')}" />`);
    for (const source of ['site/icons/icon.svg', 'site/icons/icon-maskable.svg']) {
      expect(read(source)).toContain(`fill="${token('ink')}"`);
      expect(read(source)).toContain(`"${token('brand')}"`);
    }
  });

  it('has 192 and 512 pixel icons, plain and maskable, each the size it says', () => {
    const sizes = (purpose: string) =>
      manifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any').sort()).toEqual(['192x192', '512x512']);
    expect(sizes('maskable').sort()).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
    }
    expect(pngSize('/icons/apple-touch-icon.png')).toBe('180x180');
  });
});
