import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { INLINE_ISLAND_STYLE, withIslandStyleInHead, withoutInlineIslandStyle } from '#site/lib/island-styles.ts';

/**
 * Astro's `<style>` for its islands, written inside `<body>` where HTML allows no `<style>`
 * (issue 41): the middleware takes it out of every HTML answer as it streams, wherever the
 * chunks cut it, and the site's stylesheet carries the rule instead.
 */

const encoder = new TextEncoder();
const inline = new TextDecoder().decode(INLINE_ISLAND_STYLE);

async function streamed(chunks: readonly string[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(withoutInlineIslandStyle())).text();
}

/** Every way to cut `text` in two pieces around the rule (and at both ends). */
function cuts(text: string): Array<[string, string]> {
  const start = text.indexOf(inline);
  const at = [0, text.length, ...Array.from({ length: inline.length + 1 }, (_, offset) => start + offset)];
  return at.map((index) => [text.slice(0, index), text.slice(index)]);
}

describe('the inline island rule leaves the body', () => {
  const page = `<!doctype html><html><head><title>x</title></head><body><main>${inline}<script>1</script><astro-island>é</astro-island></main></body></html>`;
  const expected = page.replace(inline, '');

  it('is Astro’s own rule, and the site’s stylesheet has it', () => {
    expect(inline).toBe(`<style>${ISLAND_STYLES}</style>`);
    const css = readFileSync(new URL('../../site/styles/global.css', import.meta.url), 'utf8').replace(/\s+/g, '');
    expect(css).toContain(`${ISLAND_STYLES.replace(/\s+/g, '').replace('{display:contents}', '')}{display:contents;}`);
  });

  it.each(cuts(page).map(([a, b]) => [a.length, a, b] as const))(
    'wherever the chunks cut the page (at %i)',
    async (_at, first, second) => {
      expect(await streamed([first, second])).toBe(expected);
    },
  );

  it('in chunks of one byte, several copies, and leaves a page without it as it was', async () => {
    const twice = `${page}${inline}`;
    expect(await streamed([...twice])).toBe(`${expected}`);
    const without = '<p>&lt;style&gt; <style>a{}</style> <style>astro-island</p>';
    expect(await streamed([without])).toBe(without);
    expect(await streamed([without.slice(0, 30), without.slice(30)])).toBe(without);
  });

  it('only in HTML answers', async () => {
    const html = withIslandStyleInHead(
      new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '999' } }),
    );
    expect(html.headers.get('content-length')).toBeNull();
    expect(await html.text()).toBe(expected);
    const json = withIslandStyleInHead(new Response(inline, { headers: { 'content-type': 'application/json' } }));
    expect(await json.text()).toBe(inline);
    const empty = new Response(null, { status: 304, headers: { 'content-type': 'text/html' } });
    expect(withIslandStyleInHead(empty)).toBe(empty);
  });
});
