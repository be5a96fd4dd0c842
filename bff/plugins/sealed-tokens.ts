import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Small tokens the BFF hands out and reads back without keeping them (the waiting room's
 * tickets and passes, the unsubscribe link of an alert e-mail): a JSON list of fields sealed
 * with AES-256-GCM (encrypted and authenticated) under a key derived from the session keys
 * (HKDF, one purpose string per use), so there is no new secret to configure and a rotation of
 * SESSION_KEYS rotates them too (the first key seals, all open). `kind` is bound as associated
 * data: a token of one kind never opens as another. base64url, so it fits a cookie or a path.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface TokenSeal {
  seal(kind: string, fields: unknown[]): string;
  /** The fields, or null for anything this seal did not make (forged, altered, another kind or purpose, too long). */
  open(kind: string, token: string | undefined): unknown[] | null;
}

export function createTokenSeal(
  sessionKeys: readonly Buffer[],
  options: { purpose: string; maxLength: number; random?: (size: number) => Buffer },
): TokenSeal {
  const random = options.random ?? randomBytes;
  // Key objects made once: a raw key given to each cipher is imported again at every seal.
  const keys: KeyObject[] = sessionKeys.map((key) =>
    createSecretKey(Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), options.purpose, 32))),
  );
  const sealingKey = keys[0];
  if (!sealingKey) throw new Error(`${options.purpose} needs at least one session key`);
  // Made once per kind: the waiting room seals and opens one per arrival of a presale rush.
  const associatedData = new Map<string, Buffer>();
  const aad = (kind: string): Buffer => {
    let data = associatedData.get(kind);
    if (!data) associatedData.set(kind, (data = Buffer.from(kind)));
    return data;
  };

  return {
    seal(kind, fields) {
      const iv = random(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealingKey, iv);
      cipher.setAAD(aad(kind));
      const body = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(kind, token) {
      if (typeof token !== 'string' || token.length > options.maxLength || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      const iv = bytes.subarray(0, IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, iv);
          decipher.setAAD(aad(kind));
          decipher.setAuthTag(tag);
          const fields: unknown = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
          return Array.isArray(fields) ? fields : null;
        } catch {
          // Another key, or not ours.
        }
      }
      return null;
    },
  };
}
