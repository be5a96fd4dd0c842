import { gzipSync } from 'node:zlib';

/** The JavaScript a page loads, gzipped: what its HTML loads, followed through static imports. */

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}=("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? '').replace(/&amp;/g, '&') : null;
};

/** Static `import ... from "x"`, `import "x"` and `export ... from "x"` of a module (not `import()`). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

export async function javascriptOf(pageUrl: string, cookie: string | undefined): Promise<{ gzipBytes: number; files: number }> {
  const html = await (await fetch(pageUrl, { headers: cookie ? { cookie } : {} })).text();
  const entries = new Set<string>();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] ?? '';
    const type = attribute(`<script ${tag}>`, 'type');
    if (type && !/module|javascript/i.test(type)) continue; // JSON-LD and other data
    const src = attribute(`<script ${tag}>`, 'src');
    if (src) entries.add(new URL(src, pageUrl).toString());
    else if ((match[2] ?? '').trim()) inlineBytes += gzipSync(match[2] ?? '').length;
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (/rel=["']?modulepreload/i.test(tag)) {
      const href = attribute(tag, 'href');
      if (href) entries.add(new URL(href, pageUrl).toString());
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attribute(match[0], name);
      if (value) entries.add(new URL(value, pageUrl).toString());
    }
  }
  const seen = new Set<string>();
  const queue = [...entries];
  let gzipBytes = inlineBytes;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const code = await response.text();
    gzipBytes += gzipSync(code).length;
    for (const specifier of staticImports(code)) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) queue.push(new URL(specifier, url).toString());
    }
  }
  return { gzipBytes, files: seen.size };
}
