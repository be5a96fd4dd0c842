import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml, useContentImageOrigins } from '#bff/catalogue/sanitize-html.ts';

const IMAGES = 'https://imagenes.viziona.example';
beforeAll(() => useContentImageOrigins([IMAGES]));
afterAll(() => useContentImageOrigins([]));

describe('sanitizeHtml', () => {
  it('keeps formatting, lists and safe links', () => {
    const html =
      '<p>Sala <strong>VIP</strong> &amp; más</p><ul><li>Uno</li></ul><a href="https://viziona.co/x" target="_blank">ver</a>';
    expect(sanitizeHtml(html)).toBe(
      '<p>Sala <strong>VIP</strong> &amp; más</p><ul><li>Uno</li></ul><a href="https://viziona.co/x" target="_blank" rel="noopener noreferrer">ver</a>',
    );
  });

  it('drops scripts, styles, iframes and event handlers', () => {
    const html =
      '<p onclick="steal()" style="color:red">Hola</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe>';
    expect(sanitizeHtml(html)).toBe('<p>Hola</p>');
  });

  it('drops javascript: and data: URLs, also when disguised', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:text/html;base64,xx" alt="a">')).toBe(
      '<img alt="a" loading="lazy" decoding="async" />',
    );
  });

  it('escapes attribute values and stray angle brackets', () => {
    expect(sanitizeHtml(`<a title='a"b' href="/ok">t</a>`)).toBe('<a title="a&quot;b" href="/ok">t</a>');
    const tricky = sanitizeHtml(`<a title='a"><script>x</script>' href="/ok">t</a>`);
    expect(tricky).not.toContain('<script');
    expect(sanitizeHtml('<p>2 < 3</p>')).toBe('<p>2 &lt; 3</p>');
  });

  it('unwraps unknown elements and turns an h1 into an h2', () => {
    expect(sanitizeHtml('<h1>Título</h1><custom-el><em>texto</em></custom-el>')).toBe('<h2>Título</h2><em>texto</em>');
  });

  it('reads markup as a browser does: unquoted values, stray end tags, </br>', () => {
    expect(sanitizeHtml(`<img src=${IMAGES}/sala.jpg alt=Sala>`)).toBe(
      `<img src="${IMAGES}/sala.jpg" alt="Sala" loading="lazy" decoding="async" />`,
    );
    expect(sanitizeHtml('</p><p>Hola</p></div>')).toBe('<p></p><p>Hola</p>');
    expect(sanitizeHtml('<p>uno</br>dos</p>')).toBe('<p>uno<br />dos</p>');
  });

  it("adds rel to every _blank target, whatever its case or spaces, and drops the body's own rel", () => {
    expect(sanitizeHtml('<a TARGET=" _blank " rel="opener" href="/x">x</a>')).toBe(
      '<a target="_blank" href="/x" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a target="_top" href="/x">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });

  it('keeps content images only from the image origins: never one of our routes or another host', () => {
    expect(sanitizeHtml(`<img src="${IMAGES}/salas/vip.jpg" alt="VIP">`)).toBe(
      `<img src="${IMAGES}/salas/vip.jpg" alt="VIP" loading="lazy" decoding="async" />`,
    );
    // The finding: a content page made every visitor's browser join a presale's queue.
    for (const src of [
      '/bff/waiting-room/showtimes/812/admission',
      'bff/waiting-room/showtimes/812/join',
      '/sala.jpg',
      '//evil.example/x.png',
      'https://evil.example/x.png',
      `${IMAGES}.evil.example/x.png`,
      `https://imagenes.viziona.example@evil.example/x.png`,
      'http://imagenes.viziona.example/x.png',
      `${IMAGES}:8443/x.png`,
    ]) {
      expect(sanitizeHtml(`<img src="${src}" alt="a">`), src).toBe('<img alt="a" loading="lazy" decoding="async" />');
    }
  });
});
