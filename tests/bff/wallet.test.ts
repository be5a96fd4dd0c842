import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import { bogotaInstant } from '#shared/format/bogota-time.ts';
import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';
import { TicketViewSchema, type TicketView } from '#shared/views/booking.ts';
import {
  makeWalletKeys,
  readKeyFile,
  TEST_GOOGLE_ISSUER_ID,
  TEST_PASS_TYPE_ID,
  TEST_SERVICE_ACCOUNT_EMAIL,
  TEST_TEAM_ID,
  type WalletKeys,
} from '../wallet-keys.ts';
import { filesUnder, manifestProblems, unzipped, verifyPassSignature } from '../wallet-pass-check.ts';
import { pickShowtime } from './booking-helpers.ts';
import { call, logCapture, registerPerson, SITE_ORIGIN, startStack, tokenInCookie, type Stack } from './harness.ts';
import { ACCEPTED_CARD, DECLINED_CARD, sandboxBuyer } from './sandbox-purchases.ts';

/**
 * "Agregar a Apple Wallet" and "Guardar en Google Wallet" (`GET /bff/wallet/apple|google/:bill`),
 * signed with keys made for the test, and checked as a wallet checks them: the pass's manifest
 * hashes and its PKCS#7 signature by openssl against the test CA standing for Apple's WWDR, the
 * save link's JWT by its public key.
 */

const { stream: capture, lines } = logCapture();
let keys: WalletKeys;
let stack: Stack;
let owner: string;
let oneSeat: string;
let twoSeats: string;
let declined: string;
let work: string;

const applePath = (bill: string) => `/bff/wallet/apple/${bill}`;
const googlePath = (bill: string) => `/bff/wallet/google/${bill}`;

async function download(url: string, cookie?: string) {
  const response = await stack.app.inject({
    method: 'GET',
    url,
    headers: cookie === undefined ? {} : { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** What the sandbox's stand-in for Google holds: classes, objects and the assertions it took. */
async function googleHolds() {
  const answer = await fetch(`${stack.sandboxUrl}/sandbox/google-wallet`);
  return (await answer.json()) as {
    classes: Array<Record<string, unknown>>;
    objects: Array<Record<string, unknown>>;
    assertions: Array<{ assertion: string; claims: Record<string, unknown> }>;
  };
}

async function ticketOf(bill: string): Promise<TicketView> {
  return TicketViewSchema.parse((await call(stack.app, 'GET', `/bff/tickets/${bill}`, { cookie: owner })).body);
}

type PassField = { key: string; label?: string; value: string };
type PassJson = {
  passTypeIdentifier: string;
  teamIdentifier: string;
  serialNumber: string;
  groupingIdentifier: string;
  organizationName: string;
  relevantDate: string;
  expirationDate: string;
  barcodes: Array<{ format: string; message: string; messageEncoding: string }>;
  eventTicket: Record<
    'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields',
    PassField[]
  >;
};

/** Checks one unzipped pass as Wallet does and answers its pass.json. */
function checkedPass(dir: string): PassJson {
  const files = filesUnder(dir);
  expect(files).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'logo.png', 'signature']));
  // Every file is in the manifest with its SHA-1, and the manifest names no other.
  expect(manifestProblems(dir)).toEqual([]);
  const verified = verifyPassSignature(dir, keys.files.wwdrCertificate);
  expect(verified.stderr).toContain('Verification successful');
  expect(verified.status).toBe(0);
  // The same check refuses a manifest changed after signing.
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
  const forged = join(dir, '..', 'forged-manifest.json');
  writeFileSync(forged, JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
  expect(verifyPassSignature(dir, keys.files.wwdrCertificate, forged).status).not.toBe(0);
  return JSON.parse(readFileSync(join(dir, 'pass.json'), 'utf8')) as PassJson;
}

const field = (pass: PassJson, group: keyof PassJson['eventTicket'], key: string) =>
  pass.eventTicket[group].find((entry) => entry.key === key)?.value;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'viziona-wallet-test-'));
  keys = makeWalletKeys();
  stack = await startStack({ env: keys.env, logStream: capture });
  owner = (await registerPerson(stack.app)).cookie;
  const buyer = sandboxBuyer(stack, tokenInCookie(stack.app, owner));
  const showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
  oneSeat = await buyer.payByCard(showtimeId, ACCEPTED_CARD, 1);
  twoSeats = await buyer.payByCard(showtimeId, ACCEPTED_CARD, 1, 2);
  declined = await buyer.payByCard(showtimeId, DECLINED_CARD, 1);
});
afterAll(async () => {
  await stack?.close();
  keys?.remove();
  rmSync(work, { recursive: true, force: true });
});

describe('Agregar a Apple Wallet', () => {
  it('gives the owner a signed pass with the ticket page’s code, showtime, room, seat and theatre', async () => {
    const ticket = await ticketOf(oneSeat);
    expect(ticket.wallets).toEqual({ apple: true, google: true });
    const answer = await download(applePath(oneSeat), owner);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="viziona-${oneSeat}.pkpass"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');

    const pass = checkedPass(unzipped(answer.body, work));
    const { showtime } = ticket;
    const [code] = ticket.codes;
    expect(ticket.codes).toHaveLength(1);
    expect(pass).toMatchObject({
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      organizationName: 'Viziona',
      serialNumber: `${oneSeat}-${code!.code}`,
      groupingIdentifier: oneSeat,
    });
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: code!.code });
    expect(field(pass, 'primaryFields', 'movie')).toBe(showtime.movie.title);
    expect(field(pass, 'secondaryFields', 'date')).toBe(showtime.dateText);
    expect(field(pass, 'headerFields', 'hour')).toBe(showtime.hourText);
    expect(field(pass, 'secondaryFields', 'room')).toBe(showtime.roomName);
    expect(field(pass, 'auxiliaryFields', 'seat')).toBe(code!.seat);
    expect(field(pass, 'backFields', 'place')).toContain(THEATER_STREET_ADDRESS);
    expect(field(pass, 'backFields', 'ticketPage')).toBe(`${SITE_ORIGIN}/ticket/${oneSeat}`);
    // The lock screen shows it at the showtime's instant in Bogotá.
    expect(Date.parse(pass.relevantDate)).toBe(bogotaInstant(showtime.date, showtime.hour).getTime());
    expect(Date.parse(pass.expirationDate)).toBeGreaterThan(Date.parse(pass.relevantDate));
  });

  it('gives one pass per code, grouped, when the purchase has several seats', async () => {
    const ticket = await ticketOf(twoSeats);
    expect(ticket.codes).toHaveLength(2);
    const answer = await download(applePath(twoSeats), owner);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.apple.pkpasses');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="viziona-${twoSeats}.pkpasses"`);
    const bundle = unzipped(answer.body, work);
    const inner = filesUnder(bundle);
    expect(inner).toHaveLength(2);
    const passes = inner.map((name) => {
      expect(name).toMatch(/\.pkpass$/);
      return checkedPass(unzipped(readFileSync(join(bundle, name)), work));
    });
    expect(passes.map((pass) => pass.barcodes[0]!.message).sort()).toEqual(ticket.codes.map((c) => c.code).sort());
    expect(passes.map((pass) => field(pass, 'auxiliaryFields', 'seat')).sort()).toEqual(
      ticket.codes.map((c) => c.seat).sort(),
    );
    expect(new Set(passes.map((pass) => pass.groupingIdentifier))).toEqual(new Set([twoSeats]));
    expect(field(passes[0]!, 'backFields', 'seats')).toBe(ticket.seats.join(', '));
  });
});

describe('Guardar en Google Wallet', () => {
  it("saves the class and one ticket per code through Google's API, then sends the owner to Google with a short JWT naming them", async () => {
    const ticket = await ticketOf(twoSeats);
    const answer = await call(stack.app, 'GET', googlePath(twoSeats), { cookie: owner });
    expect(answer.status).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const location = String(answer.headers.location);
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);

    const { payload, protectedHeader } = await jwtVerify(jwt, createPublicKey(keys.googlePublicKey), {
      algorithms: ['RS256'],
      issuer: TEST_SERVICE_ACCOUNT_EMAIL,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual([SITE_ORIGIN]);
    // The link is made at the click and lasts half an hour.
    expect(payload.exp! - payload.iat!).toBe(30 * 60);
    const named = (payload.payload as { eventTicketObjects: Array<Record<string, unknown>> }).eventTicketObjects;
    expect(named).toHaveLength(2);
    for (const object of named) expect(Object.keys(object)).toEqual(['id']);

    // What Google (the sandbox's stand-in) holds: the showtime's class and the tickets.
    const google = await googleHolds();
    const { showtime } = ticket;
    const eventClass = google.classes.find(
      (entry) => entry.id === `${TEST_GOOGLE_ISSUER_ID}.viziona-showtime-${showtime.id}`,
    )!;
    expect(eventClass).toMatchObject({
      eventName: { defaultValue: { language: 'es-CO', value: showtime.movie.title } },
      venue: { address: { defaultValue: { value: THEATER_STREET_ADDRESS } } },
    });
    const { start } = eventClass.dateTime as { start: string };
    expect(start).toMatch(/-05:00$/);
    expect(Date.parse(start)).toBe(bogotaInstant(showtime.date, showtime.hour).getTime());
    const eventTicketObjects = named.map(({ id }) => google.objects.find((object) => object.id === id)!);
    expect(eventTicketObjects.map((object) => (object.barcode as { value: string }).value).sort()).toEqual(
      ticket.codes.map((c) => c.code).sort(),
    );
    for (const object of eventTicketObjects) {
      expect(object).toMatchObject({ classId: eventClass.id, state: 'ACTIVE', barcode: { type: 'QR_CODE' } });
      expect(String(object.id)).toMatch(new RegExp(`^${TEST_GOOGLE_ISSUER_ID}\\.[A-Za-z0-9._-]+$`));
      expect(object.textModulesData).toEqual(
        expect.arrayContaining([{ id: 'room', header: 'Sala', body: showtime.roomName }]),
      );
    }
    // The BFF spoke to Google as its service account: an assertion signed by the key, for the Wallet scope.
    const [assertion] = google.assertions;
    const asserted = await jwtVerify(assertion!.assertion, createPublicKey(keys.googlePublicKey), {
      algorithms: ['RS256'],
      issuer: TEST_SERVICE_ACCOUNT_EMAIL,
      audience: `${stack.sandboxUrl}/google-wallet/token`,
    });
    expect(asserted.payload.scope).toBe('https://www.googleapis.com/auth/wallet_object.issuer');
    // A JWT altered after signing is refused by the same check.
    const [head, , signature] = jwt.split('.');
    const altered = Buffer.from(JSON.stringify({ ...decodeJwt(jwt), iss: 'otro@example.com' })).toString('base64url');
    await expect(jwtVerify(`${head}.${altered}.${signature}`, createPublicKey(keys.googlePublicKey))).rejects.toThrow();

    // Asked again: the same objects are updated, not duplicated, and one access token served both.
    expect((await call(stack.app, 'GET', googlePath(twoSeats), { cookie: owner })).status).toBe(302);
    const again = await googleHolds();
    expect(again.objects.filter((object) => named.some(({ id }) => id === object.id))).toHaveLength(2);
    expect(again.assertions).toHaveLength(google.assertions.length);
  });

  it('answers 502 with a Spanish message, and no link, when Google does not take the passes', async () => {
    const cut = await startStack({
      env: { ...keys.env, GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9/walletobjects/v1' },
    });
    try {
      const person = (await registerPerson(cut.app)).cookie;
      const buyer = sandboxBuyer(cut, tokenInCookie(cut.app, person));
      const bill = await buyer.payByCard((await pickShowtime(cut, { zones: ['General'] })).id, ACCEPTED_CARD, 1);
      const answer = await call(cut.app, 'GET', googlePath(bill), { cookie: person });
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({
        error: {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'No pudimos preparar tus boletas para Google Wallet. Intenta de nuevo en unos minutos.',
        },
      });
      expect(answer.headers.location).toBeUndefined();
    } finally {
      await cut.close();
    }
  });
});

describe('who gets them', () => {
  it('refuses another customer’s bill as the ticket read does (404), and a visitor (401)', async () => {
    const stranger = (await registerPerson(stack.app)).cookie;
    for (const path of [applePath(oneSeat), googlePath(oneSeat)]) {
      const theirs = await call(stack.app, 'GET', path, { cookie: stranger });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(theirs.headers.location).toBeUndefined();
      const visitor = await call(stack.app, 'GET', path);
      expect(visitor.status).toBe(401);
      expect(visitor.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    // The ticket read answers them the same.
    expect((await call(stack.app, 'GET', `/bff/tickets/${oneSeat}`, { cookie: stranger })).status).toBe(404);
    expect((await call(stack.app, 'GET', `/bff/tickets/${oneSeat}`)).status).toBe(401);
  });

  it('refuses a purchase that was not accepted, and a malformed bill', async () => {
    for (const path of [applePath(declined), googlePath(declined)]) {
      const answer = await call(stack.app, 'GET', path, { cookie: owner });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: 'TICKET_NOT_READY' } });
    }
    expect((await call(stack.app, 'GET', applePath('VZ..%2F1'), { cookie: owner })).status).toBe(400);
  });

  it('is rate limited per person', async () => {
    const person = (await registerPerson(stack.app)).cookie;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await call(stack.app, 'GET', applePath('VZ999999'), { cookie: person })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another person is not held back by it.
    expect((await download(applePath(oneSeat), owner)).status).toBe(200);
  });

  it('never writes a key, the JWT or a ticket code in the logs', async () => {
    stack.app.log.info(
      { config: stack.config, wallet: stack.config.wallet },
      'configuration as a careless line would log it',
    );
    await call(stack.app, 'GET', googlePath(oneSeat), { cookie: owner });
    const log = lines.join('\n');
    expect(log).toContain('careless line');
    const signerKey = readKeyFile(keys.files.signerKey);
    const googleKey = (JSON.parse(readKeyFile(keys.files.serviceAccount)) as { private_key: string }).private_key;
    for (const pem of [signerKey, googleKey]) {
      const body = pem.split('\n')[1]!;
      expect(body.length).toBeGreaterThan(40);
      expect(log).not.toContain(body);
    }
    expect(log).not.toContain('PRIVATE KEY');
    expect(log).not.toContain('pay.google.com');
    // Nor the access token the BFF holds for Google's API.
    expect(log).not.toMatch(/Bearer [A-Za-z0-9_-]{10,}/);
    for (const { code } of (await ticketOf(oneSeat)).codes) expect(log).not.toContain(code);
  });
});

describe('without keys', () => {
  it('offers no wallet: the ticket view says so and the routes answer 404 WALLET_UNAVAILABLE', async () => {
    const bare = await startStack();
    try {
      const person = (await registerPerson(bare.app)).cookie;
      const buyer = sandboxBuyer(bare, tokenInCookie(bare.app, person));
      const bill = await buyer.payByCard((await pickShowtime(bare, { zones: ['General'] })).id, ACCEPTED_CARD, 1);
      const ticket = TicketViewSchema.parse(
        (await call(bare.app, 'GET', `/bff/tickets/${bill}`, { cookie: person })).body,
      );
      expect(ticket.wallets).toEqual({ apple: false, google: false });
      for (const path of [applePath(bill), googlePath(bill)]) {
        const answer = await call(bare.app, 'GET', path, { cookie: person });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ error: { code: 'WALLET_UNAVAILABLE' } });
      }
    } finally {
      await bare.close();
    }
  });
});
