import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#bff/plugins/session.ts';
import { makeWalletKeys, type WalletKeys } from '../wallet-keys.ts';
import { filesUnder, manifestProblems, unzipped, verifyPassSignature } from '../wallet-pass-check.ts';
import { pickShowtime } from '../bff/booking-helpers.ts';
import { registerPerson, startStack, tokenInCookie, type Stack } from '../bff/harness.ts';
import { ACCEPTED_CARD, sandboxBuyer } from '../bff/sandbox-purchases.ts';

/**
 * The finding (issue 39): the Apple Wallet route wrote the cinema API's bill number into its
 * `Content-Disposition`. A bill `VZ2"\r\nX-Injected: 1` made it answer 500 (Node refuses the
 * header), and `VZ2"; filename="evil.html` added a parameter of its own. The file name now comes
 * from the path parameter the route checked, as the calendar file's does. The cinema API's
 * answer is made hostile in the sandbox's own database (its SQLite file), and the purchase is
 * asked for by its id, which the cinema API accepts as well as the bill number.
 */

const HOSTILE = ['VZ2"\r\nX-Injected: 1', 'VZ2"; filename="evil.html', 'VZ2\u0000\u001b[31m', '../../evil.pkpass'];

let work: string;
let keys: WalletKeys;
let stack: Stack;
let owner: string;
/** Purchases of one seat and of two, by their ids (their bill numbers are rewritten below). */
const purchases: Array<{ id: string; bill: string; seats: number }> = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'viziona-hostile-bill-'));
  keys = makeWalletKeys();
  stack = await startStack({ env: keys.env, sandboxDb: join(work, 'sandbox.db') });
  owner = (await registerPerson(stack.app)).cookie;
  const buyer = sandboxBuyer(stack, tokenInCookie(stack.app, owner));
  const showtimeId = (await pickShowtime(stack, { zones: ['General'] })).id;
  for (const seats of [1, 2, 1, 2]) {
    const bill = await buyer.payByCard(showtimeId, ACCEPTED_CARD, 1, seats);
    purchases.push({ id: String(Number(bill.replace(/\D/g, ''))), bill, seats });
  }
}, 60_000);
afterAll(async () => {
  await stack?.close();
  keys?.remove();
  rmSync(work, { recursive: true, force: true });
});

async function download(path: string) {
  const response = await stack.app.inject({
    method: 'GET',
    url: path,
    headers: { cookie: `${SESSION_COOKIE}=${owner}` },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('the Apple Wallet file name, whatever bill number the cinema API gives', () => {
  it('names the file after the checked path parameter: one filename, no header of the API’s making, a pass that opens', async () => {
    const db = new DatabaseSync(join(work, 'sandbox.db'));
    try {
      for (const [index, hostile] of HOSTILE.entries()) {
        const purchase = purchases[index]!;
        db.prepare('UPDATE bills SET bill = ? WHERE bill = ?').run(hostile, purchase.bill);
        const answer = await download(`/bff/wallet/apple/${purchase.id}`);
        expect(answer.status, hostile).toBe(200);
        const extension = purchase.seats === 1 ? 'pkpass' : 'pkpasses';
        expect(answer.headers['content-disposition']).toBe(
          `attachment; filename="viziona-${purchase.id}.${extension}"`,
        );
        expect(answer.headers['x-injected']).toBeUndefined();
        expect(answer.headers['content-type']).toBe(`application/vnd.apple.${extension}`);
        // What the person's phone opens: a signed pass (or bundle) Wallet accepts.
        const dir = unzipped(answer.body, work);
        const passes =
          purchase.seats === 1 ? [dir] : filesUnder(dir).map((name) => unzipped(readFileSync(join(dir, name)), work));
        for (const pass of passes) {
          expect(manifestProblems(pass)).toEqual([]);
          expect(verifyPassSignature(pass, keys.files.wwdrCertificate).status).toBe(0);
        }
      }
    } finally {
      db.close();
    }
  });
});
