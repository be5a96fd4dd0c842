import { describe, expect, it } from 'vitest';
import { originPath } from '#shared/http/origin-path.ts';

const SITE = 'https://www.viziona.example';

describe('originPath', () => {
  it.each([
    ['//evil.example/cartelera', '/evil.example/cartelera'],
    ['/\\evil.example/cartelera', '/evil.example/cartelera'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/\r\n//evil.example', '/evil.example'],
    ['', '/'],
    ['/cartelera', '/cartelera'],
    ['/pagina/%C3%B1', '/pagina/%C3%B1'],
    ['/%5Cevil.example', '/%5Cevil.example'],
  ])('%j → %j, a path of the origin that answered', (requested, expected) => {
    expect(originPath(requested)).toBe(expected);
    expect(new URL(originPath(requested), SITE).origin).toBe(SITE);
  });
});
