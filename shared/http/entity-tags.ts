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
