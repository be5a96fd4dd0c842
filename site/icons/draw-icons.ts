/**
 * Draws the installable site's PNG icons (site/public/icons/) from the two SVG sources here,
 * in Debian's Chromium: `node site/icons/draw-icons.ts`. The "any" icon is the favicon's mark
 * on a rounded tile; the maskable one fills the square and keeps the mark inside the safe zone
 * (a circle of 40 % of the size), as launchers crop it to their own shape. Colours are the
 * design tokens `--color-ink` and `--color-brand` (tests/unit/web-manifest.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const here = new URL('./', import.meta.url);
const out = new URL('../public/icons/', import.meta.url);

const icons = [
  { source: 'icon.svg', size: 192, file: 'icon-192.png' },
  { source: 'icon.svg', size: 512, file: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 192, file: 'icon-maskable-192.png' },
  { source: 'icon-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  // iOS rounds the corners itself and wants no transparency: the full square.
  { source: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const svg = await readFile(new URL(icon.source, here), 'utf8');
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: new URL(icon.file, out).pathname, omitBackground: true });
    await page.close();
    process.stdout.write(`site/public/icons/${icon.file}\n`);
  }
} finally {
  await browser.close();
}
