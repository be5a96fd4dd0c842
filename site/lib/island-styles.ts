/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into `<body>`, before a page's
 * first island (withastro/astro#10308): HTML allows `<style>` in `<head>` only, so the W3C
 * checker refuses the log-in and registration pages (issue 41). The rule lives in the site's
 * stylesheet instead (styles/global.css, linked in `<head>`), and the middleware passes every
 * HTML answer through `withoutInlineIslandStyle`, which drops the inline copy as it streams.
 */
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

/** The exact bytes Astro writes (its own constant, so an Astro upgrade cannot leave one behind). */
export const INLINE_ISLAND_STYLE = new TextEncoder().encode(`<style>${ISLAND_STYLES}</style>`);

/** Where `needle` starts in `data` from `from` on, or -1. */
function indexOf(data: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (let start = data.indexOf(first ?? 0, from); start !== -1; start = data.indexOf(first ?? 0, start + 1)) {
    if (start + needle.length > data.length) return -1;
    let matches = true;
    for (let offset = 1; offset < needle.length; offset += 1) {
      if (data[start + offset] !== needle[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) return start;
  }
  return -1;
}

/** How many bytes at the end of `data` could be the start of `needle` (kept for the next chunk). */
function partialTail(data: Uint8Array, needle: Uint8Array): number {
  for (let length = Math.min(needle.length - 1, data.length); length > 0; length -= 1) {
    let matches = true;
    for (let offset = 0; offset < length; offset += 1) {
      if (data[data.length - length + offset] !== needle[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) return length;
  }
  return 0;
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const result = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** A stream of HTML bytes without Astro's inline island rule, wherever the chunks cut it. */
export function withoutInlineIslandStyle(
  needle: Uint8Array = INLINE_ISLAND_STYLE,
): TransformStream<Uint8Array, Uint8Array> {
  let carried: Uint8Array = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      const data = carried.length === 0 ? chunk : joined([carried, chunk]);
      const kept: Uint8Array[] = [];
      let from = 0;
      for (let found = indexOf(data, needle, 0); found !== -1; found = indexOf(data, needle, from)) {
        kept.push(data.subarray(from, found));
        from = found + needle.length;
      }
      const rest = data.subarray(from);
      const tail = partialTail(rest, needle);
      kept.push(rest.subarray(0, rest.length - tail));
      carried = rest.slice(rest.length - tail);
      const output = joined(kept);
      if (output.length > 0) controller.enqueue(output);
    },
    flush(controller) {
      if (carried.length > 0) controller.enqueue(carried);
    },
  });
}

/** The same answer with the inline island rule taken out of an HTML body (anything else as it is). */
export function withIslandStyleInHead(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(response.body.pipeThrough(withoutInlineIslandStyle()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
