import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { codedEntityTag, encodePage, preferredCoding } from '#site/lib/page-encoding.ts';

describe('a public page compressed once, as the request takes it (issue 40)', () => {
  it('takes Brotli, else gzip, else the page as it is; a coding weighed zero is refused', () => {
    const cases: Array<[string | null, string]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['GZIP, Deflate', 'gzip'],
      ['br;q=1.0, gzip;q=0.5', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['br; q=0.000, gzip;q=0.001', 'gzip'],
      ['gzip;q=0, deflate', 'identity'],
      ['identity', 'identity'],
      ['*', 'identity'],
      ['', 'identity'],
      [null, 'identity'],
      ['brotli, xgzip', 'identity'],
      ['br;q=nonsense, gzip', 'gzip'],
    ];
    for (const [header, coding] of cases) expect(preferredCoding(header), String(header)).toBe(coding);
  });

  it('gives each coded copy a strong tag of its own, known before compressing', () => {
    expect(codedEntityTag('"abc"', 'identity')).toBe('"abc"');
    expect(codedEntityTag('"abc"', 'br')).toBe('"abc-br"');
    expect(codedEntityTag('"abc"', 'gzip')).toBe('"abc-gzip"');
  });

  it('compresses to bytes that decode to the page, Brotli smaller than gzip', async () => {
    const page = new TextEncoder().encode(`<!DOCTYPE html>${'<p class="text-muted">Cartelera de hoy</p>'.repeat(500)}`);
    const [br, gzip] = [await encodePage(page, 'br'), await encodePage(page, 'gzip')];
    expect(brotliDecompressSync(br).equals(Buffer.from(page))).toBe(true);
    expect(gunzipSync(gzip).equals(Buffer.from(page))).toBe(true);
    expect(br.byteLength).toBeLessThan(gzip.byteLength);
    // Once per render, and the same page always compresses to the same bytes.
    expect(Buffer.from(await encodePage(page, 'br')).equals(Buffer.from(br))).toBe(true);
  });
});
