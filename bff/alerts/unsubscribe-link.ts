import { pathOf } from '#shared/contract/path.ts';
import { createTokenSeal } from '#bff/plugins/sealed-tokens.ts';

/**
 * The unsubscribe link of an alert e-mail (RFC 8058's one-click, and the site's page for a
 * person): a sealed token naming whose alert, which movie and when it was asked, so it cancels
 * that alert and no other (not one asked again later for the same movie), names nobody in the
 * clear (logs, a provider's records) and cannot be guessed or altered. Nothing is kept for it.
 */
export interface AlertRef {
  owner: string;
  movie: string;
  createdAt: number;
}

const KIND = 'alert-unsubscribe';
/** The site's page that asks a person before it cancels (site/pages/avisos/cancelar/[token].astro). */
export const unsubscribePagePath = (token: string): string => `/avisos/cancelar/${encodeURIComponent(token)}`;

export function createUnsubscribeLinks(sessionKeys: readonly Buffer[], siteOrigin: string) {
  const seal = createTokenSeal(sessionKeys, { purpose: 'viziona alert unsubscribe v1', maxLength: 800 });
  const tokenOf = (alert: AlertRef): string => seal.seal(KIND, [alert.owner, alert.movie, alert.createdAt]);
  return {
    /** The alert a token names, or null for anything the BFF did not seal. */
    alertOf(token: string): AlertRef | null {
      const fields = seal.open(KIND, token);
      if (!fields) return null;
      const [owner, movie, createdAt] = fields;
      if (typeof owner !== 'string' || typeof movie !== 'string' || typeof createdAt !== 'number') return null;
      return { owner, movie, createdAt };
    },
    /** The e-mail's links: the one-click POST target (`List-Unsubscribe`) and the site's page. */
    linksOf(alert: AlertRef): UnsubscribeUrls {
      const token = tokenOf(alert);
      return {
        oneClick: new URL(`/bff${pathOf('POST /alerts/unsubscribe', {}, { token })}`, siteOrigin).href,
        page: new URL(unsubscribePagePath(token), siteOrigin).href,
      };
    },
  };
}

export interface UnsubscribeUrls {
  oneClick: string;
  page: string;
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
