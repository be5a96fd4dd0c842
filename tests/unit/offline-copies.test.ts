import { describe, expect, it } from 'vitest';
import {
  isBffPath,
  isBuildAsset,
  isKeepTicketMessage,
  isOwnerMessage,
  offlineGateVerdict,
  OFFLINE_GATE_ATTRIBUTE,
  withOfflineGate,
  isTicketPath,
  KEPT_TICKETS_SLOT,
  OFFLINE_LABEL_ATTRIBUTE,
  ownerInCookies,
} from '#site/lib/offline-copies.ts';
import { OFFLINE_TEXTS } from '#site/lib/offline-texts.ts';
import { keptTicketsHtml, ticketLabel } from '#site/service-worker/kept-tickets.ts';
import { afterReport, ownerFrom } from '#site/service-worker/offline-owner.ts';
import { preloadsNavigations } from '#site/service-worker/navigation-preload.ts';

/** The rules the service worker and the pages share (site/lib/offline-copies.ts) and the offline page's list. */

describe('what the service worker keeps', () => {
  it('keeps ticket pages only', () => {
    expect(isTicketPath('/ticket/VZ000123')).toBe(true);
    for (const path of [
      '/ticket/',
      '/ticket/VZ1/extra',
      '/mis-tickets',
      '/estado-transaccion/VZ1',
      '/ticket/VZ%2F1',
      '/',
    ]) {
      expect(isTicketPath(path), path).toBe(false);
    }
  });

  it('never touches the BFF', () => {
    expect(isBffPath('/bff/session')).toBe(true);
    expect(isBffPath('/bff')).toBe(true);
    expect(isBffPath('/bffx')).toBe(false);
    expect(isBuildAsset('/_astro/page.abc123.js')).toBe(true);
    expect(isBuildAsset('/favicon.svg')).toBe(false);
  });

  it("reads only a well-formed 'keep me' message", () => {
    const owner = 'a8Q9Uxj3WH5oPfy8_gCPHg';
    expect(isKeepTicketMessage({ type: 'keep-ticket', owner, assets: ['/_astro/a.js'], images: [] })).toBe(true);
    expect(isKeepTicketMessage({ type: 'keep-ticket', owner: null, assets: [], images: [] })).toBe(true);
    expect(isKeepTicketMessage({ type: 'keep-ticket', assets: [], images: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'keep-ticket', owner: '<script>', assets: [], images: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'keep-ticket', owner, assets: [1], images: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'keep-ticket', owner, assets: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'other', owner, assets: [], images: [] })).toBe(false);
    expect(
      isKeepTicketMessage({ type: 'keep-ticket', owner, assets: Array(201).fill('/_astro/a.js'), images: [] }),
    ).toBe(false);
    expect(isKeepTicketMessage(null)).toBe(false);
  });
});

describe('whose kept tickets the worker shows', () => {
  const names = ['__Host-viziona_offline', 'viziona_offline'];
  const id = 'zlppPhdEz8aPgtxvH4h3jA';

  it("reads the owner from a page's cookies, the __Host- one first, and nothing malformed", () => {
    expect(ownerInCookies(`_ga=GA1.1; viziona_offline=${id}`, names)).toBe(id);
    expect(ownerInCookies(`viziona_offline=otro-id-viejo; __Host-viziona_offline=${id}`, names)).toBe(id);
    expect(ownerInCookies('_ga=GA1.1', names)).toBeNull();
    expect(ownerInCookies('viziona_offline=<b>x</b>', names)).toBeNull();
    expect(isOwnerMessage({ type: 'offline-owner', owner: id })).toBe(true);
    expect(isOwnerMessage({ type: 'offline-owner', owner: null })).toBe(true);
    expect(isOwnerMessage({ type: 'offline-owner', owner: 7 })).toBe(false);
  });

  it("believes a Cookie Store that sees the cookie, and its 'none' until it misses one a page read", () => {
    const sure = (owner: string | null) => ({ owner, sure: true });
    // Chromium: the worker's Cookie Store sees what the pages see.
    let known = afterReport(id, id, null);
    expect(ownerFrom(id, known)).toEqual(sure(id));
    // The session ended without a page of ours since (cookies cleared, expired): nobody's.
    expect(ownerFrom(null, known)).toEqual(sure(null));
    // Firefox: the worker's Cookie Store does not see the log-in's cookie the page reads; the
    // page's last word counts, not sure (the cookies may have been cleared since).
    known = afterReport(id, null, known);
    expect(known.cookieStoreMisses).toBe(true);
    expect(ownerFrom(null, known)).toEqual({ owner: id, sure: false });
    // A page that finds no cookie (logged out, or the session ended) says so: nobody's.
    known = afterReport(null, null, known);
    expect(ownerFrom(null, known)).toEqual({ owner: null, sure: false });
    // A worker without the API goes by the pages alone.
    expect(ownerFrom(undefined, afterReport(id, undefined, null))).toEqual({ owner: id, sure: false });
    expect(ownerFrom(undefined, null)).toEqual({ owner: null, sure: false });
  });

  it('puts a ticket shown on an unsure word behind a gate only the same owner opens', () => {
    const html = '<!DOCTYPE html><html lang="es-CO" class="h-full"><head></head><body>QR</body></html>';
    const gated = withOfflineGate(html, id);
    expect(gated).toContain(`<html ${OFFLINE_GATE_ATTRIBUTE}="${id}" lang="es-CO"`);
    expect(gated.replace(` ${OFFLINE_GATE_ATTRIBUTE}="${id}"`, '')).toBe(html);
    expect(offlineGateVerdict(null, id)).toBe('none');
    expect(offlineGateVerdict(null, null)).toBe('none');
    expect(offlineGateVerdict(id, id)).toBe('open');
    // The cookies were cleared, or somebody else logged in since: the copies go.
    expect(offlineGateVerdict(id, null)).toBe('forget');
    expect(offlineGateVerdict(id, 'otraSesion12345')).toBe('forget');
  });
});

describe('navigation preload', () => {
  it('is asked for everywhere but in Firefox, where a preload that failed cancels the answer from the copies', () => {
    const firefox = 'Mozilla/5.0 (Android 14; Mobile; rv:153.0) Gecko/153.0 Firefox/153.0';
    const chrome =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    // Firefox on an iPhone is WebKit.
    const firefoxOnIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15';
    expect(preloadsNavigations(firefox)).toBe(false);
    expect([chrome, safari, firefoxOnIphone].map(preloadsNavigations)).toEqual([true, true, true]);
  });
});

describe("the offline page's list of kept tickets", () => {
  it('names a ticket by the label its page carries, unescaping what Astro escaped', () => {
    const html = `<article class="x" ${OFFLINE_LABEL_ATTRIBUTE}="Amor &amp; odio &quot;2&quot; · Domingo, 22 de noviembre · 7:30 p. m.">`;
    expect(ticketLabel(html, '/ticket/VZ1')).toBe('Amor & odio "2" · Domingo, 22 de noviembre · 7:30 p. m.');
    expect(ticketLabel('<article>', '/ticket/VZ1')).toBe('/ticket/VZ1');
  });

  it('escapes what it writes, and says so when nothing is kept', () => {
    const html = keptTicketsHtml([{ path: '/ticket/VZ1', label: '<img src=x onerror=alert(1)> & "más"' }]);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;más&quot;');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="/ticket/VZ1"');
    expect(html).toContain(OFFLINE_TEXTS.keptTitle);
    const none = keptTicketsHtml([]);
    expect(none).toContain(OFFLINE_TEXTS.noneKept);
    expect(none).not.toContain('<ul');
  });

  it('has a slot the worker can find in the rendered page', () => {
    expect(KEPT_TICKETS_SLOT).toBe('<vz-kept-tickets></vz-kept-tickets>');
  });
});
