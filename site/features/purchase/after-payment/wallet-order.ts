/**
 * Which wallet button comes first on the ticket page (issue 38): the one the device in hand can
 * use. Google Wallet on Android; Apple Wallet on an iPhone, an iPad (whose Safari may say it is a
 * Mac) and Safari on a Mac; on any other computer Google's first, since its save link keeps the
 * tickets in the person's account for their phone, while a `.pkpass` downloaded there still has
 * to reach an iPhone. Both stay offered: some Android phones open passes in other apps, and the
 * guess from a User-Agent can be wrong. Decided on the server from the request's User-Agent;
 * the service worker's offline copy of the page was fetched by the same browser, so it keeps
 * that device's order (site/decisions/ticket-at-the-door.md).
 */
export type WalletName = 'apple' | 'google';

const APPLE_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const ANDROID = /\bAndroid\b/;
/** Safari on a Mac (or an iPad asking for the desktop site), not another browser built on WebKit's UA string. */
const MAC_SAFARI = /\bMacintosh\b.*\bVersion\/[\d.]+.*\bSafari\//;
const OTHER_MAC_BROWSER = /\b(Chrome|Chromium|CriOS|Edg|EdgiOS|Firefox|FxiOS|OPR)\//;

function appleFirst(userAgent: string): boolean {
  if (ANDROID.test(userAgent)) return false;
  if (APPLE_DEVICE.test(userAgent)) return true;
  return MAC_SAFARI.test(userAgent) && !OTHER_MAC_BROWSER.test(userAgent);
}

/** The wallets offered, the device's own first. */
export function walletsInOrder(userAgent: string, offered: Readonly<Record<WalletName, boolean>>): WalletName[] {
  const order: WalletName[] = appleFirst(userAgent) ? ['apple', 'google'] : ['google', 'apple'];
  return order.filter((wallet) => offered[wallet]);
}
