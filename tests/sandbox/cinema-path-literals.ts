import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cinemaNames } from '#shared/cinema-api/api.ts';
import { cinemaTemplateOf } from '#shared/cinema-api/call.ts';

/**
 * Finds cinema API paths written as literals in source code: a string or template literal
 * that is one of the declared paths (shared/cinema-api/api.ts), with or without a leading
 * `/` or `/api/v1/`, its parameters written out, interpolated or as `:name`. Such a literal is
 * a second declaration of a call that can drift from the first.
 *
 * A one-segment path (`login`, `settings`, `code`) counts only where it reads as a path: with
 * a leading slash, or as the value of `path:` or `url:` (as a bare word it is a field name).
 */

export interface PathLiteral {
  file: string;
  line: number;
  text: string;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*?)\1/g;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const declared = cinemaNames.map((name) => {
  const template = cinemaTemplateOf(name);
  const pattern = template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return { template, oneSegment: !template.includes('/'), pattern: new RegExp(`^${pattern}$`) };
});

function isCinemaPath(text: string, before: string): boolean {
  const withoutQuery = text.split('?')[0] ?? '';
  const value = withoutQuery.replace(/\$\{[^}]*\}/g, 'X');
  const rooted = /^\/|^api\/v1\//.test(value);
  const path = value.replace(/^\/?(api\/v1\/)?/, '').replace(/\/$/, '');
  if (path === '') return false;
  const valued = /(path|url)\s*:\s*$/i.test(before);
  return declared.some((call) => call.pattern.test(path) && (!call.oneSegment || rooted || valued));
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

/** The cinema API path literals in the source files under `folders` of `root`. */
export function findCinemaPathLiterals(root: string, folders: readonly string[]): PathLiteral[] {
  const found: PathLiteral[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(join(root, folder))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const match of line.matchAll(LITERAL)) {
          const text = match[2] ?? '';
          if (isCinemaPath(text, line.slice(0, match.index))) {
            found.push({ file: relative(root, file), line: index + 1, text });
          }
        }
      });
    }
  }
  return found;
}
