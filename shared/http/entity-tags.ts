import { hash } from 'node:crypto';

/**
 * A strong ETag over the exact bytes sent (SHA-256, first 16 bytes, base64url): the site's
 * public pages and the BFF's public reads. Server-only (node:crypto); gzip at the edge turns it
 * weak, as it should.
 */
export function entityTag(body: string | Uint8Array | ArrayBuffer): string {
  const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
  return `"${hash('sha256', bytes, 'buffer').subarray(0, 16).toString('base64url')}"`;
}

const opaque = (tag: string): string => {
  const trimmed = tag.trim();
  return trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed;
};

/**
 * Whether an `If-None-Match` header matches an answer's ETag, with the weak comparison
 * RFC 9110 §13.1.2 prescribes for it: `W/"x"` matches `"x"`, `*` matches any, the header may
 * list several tags. Anything malformed simply does not match. The site's pages and the BFF's
 * public reads answer 304 by it.
 */
export function matchesEntityTag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
