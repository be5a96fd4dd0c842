import { describe, expect, it } from 'vitest';
import {
  isBffPath,
  isBuildAsset,
  isKeepTicketMessage,
  isTicketPath,
  KEPT_TICKETS_SLOT,
  OFFLINE_LABEL_ATTRIBUTE,
} from '#site/lib/offline-copies.ts';
import { OFFLINE_TEXTS } from '#site/lib/offline-texts.ts';
import { keptTicketsHtml, ticketLabel } from '#site/service-worker/kept-tickets.ts';

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
    expect(isKeepTicketMessage({ type: 'keep-ticket', assets: ['/_astro/a.js'], images: [] })).toBe(true);
    expect(isKeepTicketMessage({ type: 'keep-ticket', assets: [1], images: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'keep-ticket', assets: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'other', assets: [], images: [] })).toBe(false);
    expect(isKeepTicketMessage({ type: 'keep-ticket', assets: Array(201).fill('/_astro/a.js'), images: [] })).toBe(
      false,
    );
    expect(isKeepTicketMessage(null)).toBe(false);
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
