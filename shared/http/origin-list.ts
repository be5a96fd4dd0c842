import { z } from 'zod';

/** The WHATWG URL of browsers and Node alike; shared/ sees the language only, so the part used here is declared. */
declare const URL: { new (input: string): { readonly origin: string }; canParse(input: string): boolean };

/**
 * A configuration variable listing http(s) origins, comma-separated (`IMAGE_ORIGINS`): the same
 * rule for the site (its CSP's img-src) and the BFF (the content sanitizer's image sources).
 */
export const originListSchema = (name: string) =>
  z
    .string()
    .refine(
      (value) =>
        value
          .split(',')
          .every((entry) => entry.trim() === '' || (/^https?:\/\//.test(entry.trim()) && URL.canParse(entry.trim()))),
      { error: `${name} must list http(s) origins, separated by commas` },
    );

/** The origins of a valid list (empty entries skipped, each reduced to scheme, host and port). */
export function originsOf(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => new URL(entry).origin);
}
