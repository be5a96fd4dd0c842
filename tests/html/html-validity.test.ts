import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuestOnlyPath, isProtectedPath, type RouteName } from '#site/lib/routes.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import { DEMO, login, pickShowtime } from '../bff/booking-helpers.ts';
import { tokenInCookie } from '../bff/harness.ts';
import { ACCEPTED_CARD, sandboxBuyer } from '../bff/sandbox-purchases.ts';
import { pageNames, pagePath, type SampleData } from '../page-paths.ts';
import { startSecurityStack, type SecurityStack } from '../security/stack.ts';
import { makeWalletKeys, type WalletKeys } from '../wallet-keys.ts';
import { checkHtml, describeMessages, type NuMessage } from './nu-checker.ts';

/**
 * Every page of the route registry (tests/page-paths.ts), the form pages among them, and the
 * page an unknown address gets, as the built site serves them behind the front door: the W3C's
 * Nu Html Checker finds no error in any (issue 41). Personal pages are read as a customer with
 * a paid ticket, the others as a visitor (they are the same for everybody). The wallet buttons
 * and "Avísame" are configured, so their HTML is checked too.
 */

const UNKNOWN_PAGE = 'an unknown address (404)';
const UNKNOWN_PATH = '/esta-pagina-no-existe';

let stack: SecurityStack;
let walletKeys: WalletKeys;
const results = new Map<string, { path: string; status: number; errors: NuMessage[] }>();

async function samplesFor(customerCookie: string): Promise<SampleData> {
  const showtime = await pickShowtime(stack, { format: '2D' });
  const bill = await sandboxBuyer(stack, tokenInCookie(stack.app, customerCookie)).payByCard(
    showtime.id,
    ACCEPTED_CARD,
    1,
  );
  return {
    theater: HOME_THEATER,
    movieSlug: showtime.movie.slug,
    roomSlug: 'sala-1',
    showtimeId: showtime.id,
    contentSlug: 'politica-de-privacidad',
    date: showtime.date,
    bill,
    payMethod: 'card',
  };
}

beforeAll(async () => {
  walletKeys = makeWalletKeys();
  stack = await startSecurityStack({
    site: true,
    env: {
      ...walletKeys.env,
      // "Avísame" shows with a relay configured; none listens, and no alert falls due here.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '9',
      SMTP_TLS: 'none',
      MAIL_FROM: 'Viziona <avisos@viziona.example>',
    },
  });
  const cookie = await login(stack.app, DEMO.email, DEMO.password);
  const samples = await samplesFor(cookie);
  const pages = new Map<string, { path: string; personal: boolean }>(
    pageNames.map((name) => {
      const path = pagePath(name, samples);
      return [name, { path, personal: isProtectedPath(path) && !isGuestOnlyPath(path) }];
    }),
  );
  pages.set(UNKNOWN_PAGE, { path: UNKNOWN_PATH, personal: false });

  const documents = new Map<string, string>();
  const statuses = new Map<string, number>();
  for (const [name, page] of pages) {
    const response = await fetch(`${stack.frontUrl}${page.path}`, {
      headers: page.personal ? { cookie: `viziona_session=${cookie}` } : {},
      redirect: 'manual',
    });
    statuses.set(name, response.status);
    documents.set(name, await response.text());
  }
  const errors = await checkHtml(documents);
  for (const [name, page] of pages) {
    results.set(name, { path: page.path, status: statuses.get(name) ?? 0, errors: errors.get(name) ?? [] });
  }
}, 180_000);

afterAll(async () => {
  await stack?.close();
  walletKeys?.remove();
});

describe('the W3C Nu Html Checker finds no error', () => {
  it.each([...pageNames, UNKNOWN_PAGE] as Array<RouteName | typeof UNKNOWN_PAGE>)('%s', (name) => {
    const result = results.get(name);
    if (result === undefined) throw new Error(`${name} was not checked`);
    // A page that answers a redirect would be checked as an empty body: every sample is a page.
    expect([200, 404, 503], `${result.path} answered ${result.status}`).toContain(result.status);
    expect(describeMessages(result.errors), result.path).toEqual([]);
  });
});
