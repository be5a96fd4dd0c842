import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fragmentRoutes,
  isGuestOnlyPath,
  isProtectedPath,
  loginPath,
  registerPath,
  registrationReturnTo,
  returnFromGuestPage,
  routes,
  safeReturnTo,
  type RouteName,
} from '#site/lib/routes.ts';

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
  it.each([
    '/mi-perfil',
    '/mis-tickets',
    '/ticket/VZ1',
    '/estado-transaccion/VZ1',
    '/pay-status/1/VZ1',
    '/viziona/pelicula/dune/funcion/7',
  ])('%s needs a session', (path) => expect(isProtectedPath(path)).toBe(true));

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

describe('registration from a purchase comes back to it', () => {
  const showtime = '/viziona/pelicula/dune/funcion/12';

  it('remembers a showtime being bought, its query and fragment included', () => {
    expect(registrationReturnTo(showtime)).toBe(showtime);
    expect(registrationReturnTo(`${showtime}?zona=General#sillas`)).toBe(`${showtime}?zona=General#sillas`);
    expect(registerPath(showtime)).toBe('/registrarme?returnTo=%2Fviziona%2Fpelicula%2Fdune%2Ffuncion%2F12');
  });

  it.each([
    null,
    '/',
    '/mi-perfil',
    '/viziona/pelicula/dune',
    '/viziona/pelicula/dune/funcion/abc',
    '/viziona/pelicula/dune/funcion/12/..//evil.example',
    '/%2e%2e//evil.example/pelicula/x/funcion/1',
    '//evil.example/viziona/pelicula/dune/funcion/12',
    'https://evil.example/viziona/pelicula/dune/funcion/12',
    '/\\evil.example/pelicula/dune/funcion/12',
    'javascript:alert(1)//viziona/pelicula/dune/funcion/12',
  ])('registers to home for %j (the spec), never elsewhere', (value) => {
    expect(registrationReturnTo(value)).toBeNull();
    expect(registerPath(value)).toBe('/registrarme');
  });

  it('sends a person logged in meanwhile from a guest-only page to where that page would have', () => {
    const encoded = encodeURIComponent(showtime);
    expect(returnFromGuestPage('/registrarme', `?returnTo=${encoded}`)).toBe(showtime);
    expect(returnFromGuestPage('/registrarme/', `?returnTo=${encoded}`)).toBe(showtime);
    expect(returnFromGuestPage('/iniciar-sesion', '?returnTo=%2Fmi-perfil')).toBe('/mi-perfil');
    // A registration comes back only to a purchase; the reset page to no one.
    expect(returnFromGuestPage('/registrarme', '?returnTo=%2Fmi-perfil')).toBe('/');
    expect(returnFromGuestPage('/forgot-password/abc', `?returnTo=${encoded}`)).toBe('/');
    expect(returnFromGuestPage('/iniciar-sesion', '?returnTo=%2Fregistrarme')).toBe('/');
    expect(returnFromGuestPage('/iniciar-sesion', '?returnTo=%2F%2Fevil.example')).toBe('/');
    expect(returnFromGuestPage('/registrarme', '')).toBe('/');
  });
});

describe('the route registry covers every page', () => {
  const pagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/pages');
  const pageFiles = (readdirSync(pagesDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.astro'));
  /** A page file's URL pattern: `[param]` takes one path segment, `index` is its folder. */
  const patternOf = (file: string): RegExp => {
    const route = `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`;
    const source = route
      .split('/')
      .map((part) => (/^\[[^\]]+\]$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return new RegExp(`^${source.join('/')}$`);
  };
  const samplePath = (name: RouteName): string => {
    const entry = routes[name] as string | ((...args: string[]) => string);
    return typeof entry === 'string' ? entry : entry('muestra', 'muestra', 'muestra');
  };
  const names = Object.keys(routes) as RouteName[];

  it.each(pageFiles)('site/pages/%s has an entry in lib/routes.ts', (file) => {
    const pattern = patternOf(file);
    expect(names.filter((name) => pattern.test(samplePath(name)))).not.toEqual([]);
  });

  it.each(names)('routes.%s leads to a page file', (name) => {
    expect(pageFiles.filter((file) => patternOf(file).test(samplePath(name)))).not.toEqual([]);
  });

  it('names the fragment pages (partial) and only them', () => {
    const partials = pageFiles.filter((file) =>
      /export const partial = true/.test(readFileSync(path.join(pagesDir, file), 'utf8')),
    );
    const fragmentFiles = [...fragmentRoutes].flatMap((name) =>
      pageFiles.filter((file) => patternOf(file).test(samplePath(name))),
    );
    expect(fragmentFiles.sort()).toEqual(partials.sort());
  });
});
