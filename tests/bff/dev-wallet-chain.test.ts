import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { devWalletChain, walletForLocalRun } from '../../docker/dev-wallet-chain.ts';
import { ConfigError, loadConfig } from '#bff/plugins/config.ts';
import { DEV_WALLET } from '#shared/dev-secrets.ts';
import { availableWallets } from '#bff/plugins/wallet-config.ts';

/**
 * `npm start`'s development wallet chain (issue 41.4): made once, kept, remade before it
 * expires; the BFF takes it outside production and refuses it in production; the launcher
 * never uses it when the operators set a wallet variable.
 */

const scratch = mkdtempSync(join(tmpdir(), 'viziona-dev-wallet-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const DAY = 86_400_000;
const production = {
  NODE_ENV: 'production',
  UPSTREAM_URL: 'https://api.example.co/api/v1',
  SITE_ORIGIN: 'https://www.viziona.example',
  CINEMA_API_KEY: 'k'.repeat(40),
  CINEMA_ACTION_KEY: 'a'.repeat(40),
  CINEMA_REGISTER_CODE: 'r'.repeat(40),
  CINEMA_REGISTRATION_KEY: 'g'.repeat(40),
  SESSION_KEYS: 'q3JvbXN0b25lc2FyZWZ1bm55YW5kcmFuZG9tbHl4eXo=',
  CAPTCHA_HMAC_KEY: 'h'.repeat(40),
  OPS_TOKEN: 'o'.repeat(40),
  ETHICS_LINE_EMAIL: 'etica@viziona.example',
};

describe("npm start's development wallet chain", () => {
  const dir = join(scratch, 'wallet-dev');

  it('is made once, then kept, and the BFF shows both wallets with it', () => {
    const first = devWalletChain(dir);
    if ('problem' in first) throw new Error(first.problem);
    expect(first.made).toBe(true);
    const certificate = readFileSync(first.env.APPLE_WALLET_CERTIFICATE!, 'utf8');
    expect(new X509Certificate(readFileSync(first.env.APPLE_WALLET_WWDR_CERTIFICATE!)).subject).toContain(
      'CN=Viziona DESARROLLO - no es de Apple',
    );
    expect(readFileSync(join(dir, 'LEAME.txt'), 'utf8')).toContain('Nunca la use en producción');

    const again = devWalletChain(dir);
    expect(again).toMatchObject({ made: false });
    expect(readFileSync(first.env.APPLE_WALLET_CERTIFICATE!, 'utf8')).toBe(certificate);

    const config = loadConfig({ NODE_ENV: 'development', ...first.env });
    expect(availableWallets(config.wallet)).toEqual({ apple: true, google: true });
    expect(config.wallet.apple?.passTypeIdentifier).toBe(DEV_WALLET.passTypeId);
  });

  it('is made anew when its certificate would expire within a month', () => {
    const signer = new X509Certificate(readFileSync(join(dir, 'signer.pem')));
    const renewed = devWalletChain(dir, Date.parse(signer.validTo) - 29 * DAY);
    expect(renewed).toMatchObject({ made: true });
    expect(new X509Certificate(readFileSync(join(dir, 'signer.pem'))).serialNumber).not.toBe(signer.serialNumber);
  });

  it('is refused in production, each wallet naming its variables', () => {
    const chain = devWalletChain(dir);
    if ('problem' in chain) throw new Error(chain.problem);
    const apple = Object.fromEntries(Object.entries(chain.env).filter(([name]) => name.startsWith('APPLE_')));
    const google = Object.fromEntries(Object.entries(chain.env).filter(([name]) => name.startsWith('GOOGLE_')));
    expect(() => loadConfig({ ...production, ...apple })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...production, ...apple })).toThrowError(
      /APPLE_WALLET_\* hold the development signing chain/,
    );
    expect(() => loadConfig({ ...production, ...google })).toThrowError(
      /GOOGLE_WALLET_\* hold the development signing chain/,
    );
    // Production without any wallet key starts, and shows no wallet button.
    expect(availableWallets(loadConfig(production).wallet)).toEqual({ apple: false, google: false });
  });

  it('is what npm start gives the BFF only when no wallet variable is set, and never in production', () => {
    const local = walletForLocalRun({}, dir);
    expect(local.env.APPLE_WALLET_PASS_TYPE_ID).toBe(DEV_WALLET.passTypeId);
    expect(local.note).toContain('development signing chain');
    expect(walletForLocalRun({ GOOGLE_WALLET_ISSUER_ID: '3388000000000000999' }, dir)).toEqual({ env: {}, note: null });
    expect(walletForLocalRun({ APPLE_WALLET_KEY_PASSPHRASE: 'secreto' }, dir)).toEqual({ env: {}, note: null });
    expect(walletForLocalRun({ NODE_ENV: 'production' }, join(scratch, 'never'))).toEqual({ env: {}, note: null });
    expect(() => readFileSync(join(scratch, 'never', 'signer.pem'))).toThrow();
  });
});
