import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '#bff/catalogue/sanitize-html.ts';
import { executableParts } from './executable-html.ts';
import { MUTATED_MARKUP, OWASP_CHEAT_SHEET, urlVectors, type Vector } from './xss-vectors.ts';

/** Every vector whose sanitized output a browser would still find something live in. */
function survivors(vectors: ReadonlyArray<Vector>): Array<{ label: string; output: string; findings: string[] }> {
  return vectors
    .map(({ label, markup }) => {
      const output = sanitizeHtml(markup);
      return { label, output, findings: executableParts(output) };
    })
    .filter(({ findings }) => findings.length > 0);
}

describe('the executable-markup check itself', () => {
  it('finds handlers, forbidden elements, foreign content, comments and dangerous URLs as a browser reads them', () => {
    expect(executableParts('<img src=x onerror=alert(1)>')).toContain('<img onerror> is an event handler');
    expect(executableParts('<script>alert(1)</script>')).toContain('<script> is not allowed');
    expect(executableParts('<svg><a>x</a></svg>')).toContain('<svg> in the http://www.w3.org/2000/svg namespace');
    expect(executableParts('<!-- x -->')).toContain('a comment');
    expect(executableParts('<a href="jav&#x61;script:alert(1)">x</a>')).toContain('<a href> leads to javascript:');
    expect(executableParts('<a href=" &#14;java\tscript:alert(1)">x</a>')).toContain('<a href> leads to javascript:');
    expect(executableParts('<a href="/\\evil.example/">x</a>')).toContain(
      '<a href> leaves the site without a scheme (evil.example)',
    );
    expect(executableParts('<a href="/x" target="_blank">x</a>')).toContain(
      '<a target="_blank"> without rel="noopener"',
    );
  });

  it('stays quiet on a clean body', () => {
    expect(
      executableParts(
        '<p>Sala <strong>VIP</strong> &amp; más</p><a href="https://viziona.co/x" target="_blank" rel="noopener noreferrer">ver</a>',
      ),
    ).toEqual([]);
  });

  it('flags every live URL vector before sanitizing, so the corpus can fail', () => {
    const missed = urlVectors()
      .filter((vector) => vector.liveInAllowedPosition)
      .filter(
        (vector) =>
          !executableParts(vector.markup).some((finding) => / leads to (javascript|vbscript|data):$/.test(finding)),
      )
      .map((vector) => vector.label);
    expect(missed).toEqual([]);
  });
});

describe('sanitizeHtml against the XSS corpus', () => {
  it("leaves nothing live in the OWASP filter-evasion cheat sheet's cases", () => {
    expect(survivors(OWASP_CHEAT_SHEET)).toEqual([]);
  });

  it('leaves nothing live in mutated markup (mXSS, unclosed tags, namespaces, comments, CDATA, raw text)', () => {
    expect(survivors(MUTATED_MARKUP)).toEqual([]);
  });

  it('keeps no javascript:, vbscript: or data: URL in any URL attribute, in any encoding', () => {
    const vectors = urlVectors();
    expect(vectors.length).toBeGreaterThan(2_000);
    expect(survivors(vectors)).toEqual([]);
  });

  it('still keeps the safe part of a vector: text, allowed elements, the link without its URL', () => {
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)" title="t">ver</a>')).toBe('<a title="t">ver</a>');
    expect(sanitizeHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeHtml('<svg><p>oculto</p></svg><p>visible</p>')).toBe('<p>visible</p>');
    expect(sanitizeHtml('<table><img src=x onerror=alert(1)><tr><td>celda</td></tr></table>')).toBe(
      '<table><img loading="lazy" decoding="async" /><tr><td>celda</td></tr></table>',
    );
  });

  it('answers deeply nested markup without overflowing the stack', () => {
    const depth = 20_000;
    const output = sanitizeHtml(`${'<div>'.repeat(depth)}texto${'</div>'.repeat(depth)}`);
    expect(output.startsWith('<div><div>')).toBe(true);
    expect(output).toContain('texto');
  });
});
