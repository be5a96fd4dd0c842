import { describe, expect, it } from 'vitest';
import { walletsInOrder } from '#site/features/purchase/after-payment/wallet-order.ts';

/** The ticket page's wallet buttons: the device's own wallet first (issue 38). */

const both = { apple: true, google: true };
const userAgents = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  ipadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  // iPadOS asks for the desktop site by default, as a Mac.
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macChrome:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  linuxChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('the wallet the device can use comes first', () => {
  it.each([
    ['Chrome on Android', userAgents.androidChrome, ['google', 'apple']],
    ['Samsung Internet', userAgents.samsungInternet, ['google', 'apple']],
    ['Firefox on Android', userAgents.androidFirefox, ['google', 'apple']],
    ['Safari on an iPhone', userAgents.iphoneSafari, ['apple', 'google']],
    ['Chrome on an iPhone', userAgents.iphoneChrome, ['apple', 'google']],
    ['Safari on an iPad', userAgents.ipadSafari, ['apple', 'google']],
    ['Safari on a Mac (or an iPad asking for the desktop site)', userAgents.macSafari, ['apple', 'google']],
    ['Chrome on a Mac', userAgents.macChrome, ['google', 'apple']],
    ['Firefox on a Mac', userAgents.macFirefox, ['google', 'apple']],
    ['Edge on Windows', userAgents.windowsEdge, ['google', 'apple']],
    ['Chromium on Linux', userAgents.linuxChromium, ['google', 'apple']],
    ['no User-Agent at all', '', ['google', 'apple']],
  ])('%s', (_, userAgent, order) => {
    expect(walletsInOrder(userAgent, both)).toEqual(order);
  });

  it('offers only the wallets the operators configured, and none when neither is', () => {
    expect(walletsInOrder(userAgents.iphoneSafari, { apple: false, google: true })).toEqual(['google']);
    expect(walletsInOrder(userAgents.androidChrome, { apple: true, google: false })).toEqual(['apple']);
    expect(walletsInOrder(userAgents.macSafari, { apple: false, google: false })).toEqual([]);
  });
});
