import { afterAll, beforeAll, expect, it } from 'vitest';
import { logCapture, startStack, type Stack } from './harness.ts';
import {
  Browser,
  DECLINED_CARD,
  DEMO,
  cardForm,
  seatsToHold,
  login,
  pickShowtime,
  solveCaptcha,
} from './booking-helpers.ts';

/** Every log line the BFF writes while people reserve and pay, as text. */
const { stream: capture, lines } = logCapture();

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ logStream: capture });
});
afterAll(async () => {
  await stack?.close();
});

it('never logs a card number or a CVC, whatever the outcome of the payment', async () => {
  const browser = new Browser(stack.app, await login(stack.app, DEMO.email, DEMO.password));
  const showtime = await pickShowtime(stack, { zones: ['General'] });
  const view = await browser.view(showtime.id);
  const seat = { id: seatsToHold(view, 'General', 1)[0]! };
  expect((await browser.reserve(showtime.id, 'General', [seat.id])).status).toBe(200);
  const brandId = view.payBrands[0]!.id;
  const seen = { showtimeId: showtime.id, seats: [seat.id], total: 16_000 };

  // Declined at the provider, refused by the form rules, refused by the cinema API (expired card).
  await browser.send('POST', '/bff/payments/card', {
    ...seen,
    brandId,
    products: [],
    card: { ...cardForm(await solveCaptcha(stack.app), DECLINED_CARD), cvc: '7391' },
  });
  await browser.send('POST', '/bff/payments/card', {
    ...seen,
    brandId,
    products: [],
    card: { ...cardForm(await solveCaptcha(stack.app), '4111111111111112'), cvc: '86420' },
  });
  await browser.send('POST', '/bff/payments/card', {
    ...seen,
    brandId,
    products: [],
    card: { ...cardForm(await solveCaptcha(stack.app)), expYear: '2001', cvc: '5173' },
  });

  expect(lines.length).toBeGreaterThan(0);
  const text = lines.join('\n');
  for (const cardNumber of [DECLINED_CARD, '4111111111111112', '4575623182290326'])
    expect(text).not.toContain(cardNumber);
  // A CVC is short: look for it as a value (timestamps may hold the same digits).
  for (const cvc of ['7391', '86420', '5173']) expect(text).not.toMatch(new RegExp(`["=:]${cvc}["&,}]`));
  expect(text).not.toMatch(/card_number|"cvc"|cardNumber/);
});
