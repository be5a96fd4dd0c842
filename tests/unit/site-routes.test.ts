import { describe, expect, it } from 'vitest';
import { isGuestOnlyPath, isProtectedPath, loginPath, safeReturnTo } from '../../site/lib/routes.ts';

describe('safeReturnTo: only ever a path of this site', () => {
  it.each(['/mi-perfil', '/viziona/pelicula/x/funcion/12?a=1#top', '/'])('keeps %s', (value) => {
    expect(safeReturnTo(value)).toBe(value);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'mi-perfil',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('keeps an encoded double slash as a path of this site', () => {
    const target = safeReturnTo('/%2F%2Fevil.example');
    expect(target).not.toBeNull();
    expect(new URL(target ?? '', 'https://viziona.test').origin).toBe('https://viziona.test');
  });
});

describe('guards', () => {
  it.each(['/mi-perfil', '/mis-tickets', '/ticket/VZ1', '/estado-transaccion/VZ1', '/pay-status/1/VZ1', '/viziona/pelicula/dune/funcion/7'])(
    '%s needs a session',
    (path) => expect(isProtectedPath(path)).toBe(true),
  );

  it.each(['/', '/cartelera', '/viziona/pelicula/dune', '/pagina/terminos-y-condiciones', '/iniciar-sesion'])(
    '%s is public',
    (path) => expect(isProtectedPath(path)).toBe(false),
  );

  it.each(['/iniciar-sesion', '/registrarme', '/forgot-password/abc'])('%s is for guests only', (path) =>
    expect(isGuestOnlyPath(path)).toBe(true),
  );
});

describe('loginPath', () => {
  it('remembers where the person was going', () => {
    expect(loginPath('/mi-perfil?tab=1')).toBe('/iniciar-sesion?returnTo=%2Fmi-perfil%3Ftab%3D1');
  });

  it('never remembers home, another site or a guest-only page', () => {
    expect(loginPath('/')).toBe('/iniciar-sesion');
    expect(loginPath('//evil.example')).toBe('/iniciar-sesion');
    expect(loginPath('/iniciar-sesion?returnTo=%2Fmi-perfil')).toBe('/iniciar-sesion');
  });
});
