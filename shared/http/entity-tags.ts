/** How many bytes of a body's SHA-256 its ETag keeps: 128 bits tell any two versions apart. */
const TAG_BYTES = 16;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes in base64url without padding (RFC 4648 §5), as an ETag may carry them. */
function base64url(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b, c] = bytes.subarray(index, index + 3);
    const group = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    text += BASE64URL[(group >> 18) & 63]! + BASE64URL[(group >> 12) & 63]!;
    if (b !== undefined) text += BASE64URL[(group >> 6) & 63]!;
    if (c !== undefined) text += BASE64URL[group & 63]!;
  }
  return text;
}

/**
 * A strong ETag over the exact bytes sent, from their SHA-256 digest: its first 16 bytes,
 * base64url. The site's public pages and the BFF's public reads; each server hashes the body
 * with its own crypto (`shared/` sees no Node). Gzip at the edge turns it weak, as it should.
 */
export function entityTag(sha256Digest: Uint8Array): string {
  return `"${base64url(sha256Digest.subarray(0, TAG_BYTES))}"`;
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
