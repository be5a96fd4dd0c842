import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEBIAN_PACKAGES } from '../debian-packages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from '#bff/plugins/config.ts';
import {
  issueCertificate,
  makeWalletKeys,
  readKeyFile,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  type WalletKeys,
} from '../wallet-keys.ts';

/** The wallets' keys in the BFF's configuration: checked at start with messages that name the variable, never the secret. */

let keys: WalletKeys;
beforeAll(() => {
  keys = makeWalletKeys();
});
afterAll(() => keys.remove());

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

/** The start-up error of a configuration, which must not quote any key. */
function refusal(env: Record<string, string>): string {
  let message = '';
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    message = (error as Error).message;
  }
  expect(message).not.toBe('');
  expect(message).not.toMatch(/BEGIN|PRIVATE KEY|MII/);
  return message;
}

describe('wallet configuration', () => {
  it('is absent by default, and complete with every key of the test', () => {
    expect(load({}).wallet).toEqual({ apple: null, google: null });
    const { wallet } = load(keys.env);
    expect(wallet.apple).toMatchObject({ passTypeIdentifier: TEST_PASS_TYPE_ID, teamIdentifier: TEST_TEAM_ID });
    expect(wallet.google?.serviceAccountEmail).toMatch(/@/);
    expect(JSON.stringify(wallet)).not.toContain('PRIVATE KEY');
  });

  it('takes the PEM and JSON texts themselves, with \\n escapes, as well as files', () => {
    const oneLine = (path: string) => readKeyFile(path).replaceAll('\n', '\\n');
    const { wallet } = load({
      ...keys.env,
      APPLE_WALLET_CERTIFICATE: oneLine(keys.files.signerCertificate),
      APPLE_WALLET_KEY: oneLine(keys.files.signerKey),
      APPLE_WALLET_WWDR_CERTIFICATE: readKeyFile(keys.files.wwdrCertificate),
      GOOGLE_WALLET_SERVICE_ACCOUNT: readKeyFile(keys.files.serviceAccount),
    });
    expect(wallet.apple).not.toBeNull();
    expect(wallet.google).not.toBeNull();
  });

  it('names the companions a half-configured wallet lacks', () => {
    expect(refusal({ APPLE_WALLET_KEY: keys.files.signerKey })).toContain(
      'Apple Wallet needs these variables too: APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERTIFICATE, APPLE_WALLET_WWDR_CERTIFICATE',
    );
    expect(refusal({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toContain(
      'Google Wallet needs this variable too: GOOGLE_WALLET_SERVICE_ACCOUNT',
    );
  });

  it('refuses what is not a PEM, a missing file, malformed identifiers', () => {
    const message = refusal({
      ...keys.env,
      APPLE_WALLET_CERTIFICATE: '-----BEGIN CERTIFICATE-----\nnada\n-----END CERTIFICATE-----',
      APPLE_WALLET_WWDR_CERTIFICATE: join(keys.dir, 'no-such.pem'),
      APPLE_WALLET_PASS_TYPE_ID: 'com.viziona',
      APPLE_WALLET_TEAM_ID: 'abc',
    });
    expect(message).toContain('APPLE_WALLET_CERTIFICATE is not a PEM certificate');
    expect(message).toContain('APPLE_WALLET_WWDR_CERTIFICATE is neither inline text nor a readable file (ENOENT)');
    expect(message).toContain('APPLE_WALLET_PASS_TYPE_ID must be a Pass Type ID');
    expect(message).toContain('APPLE_WALLET_TEAM_ID must be the 10-character Apple team identifier');
  });

  it('refuses a key that is not the certificate’s, and a certificate another CA issued or made for another pass type', () => {
    const otherKey = join(keys.dir, 'other.key');
    writeFileSync(
      otherKey,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(refusal({ ...keys.env, APPLE_WALLET_KEY: otherKey })).toContain(
      'APPLE_WALLET_KEY is not the private key of APPLE_WALLET_CERTIFICATE',
    );
    // The signer certificate given as the WWDR: it did not issue itself.
    expect(refusal({ ...keys.env, APPLE_WALLET_WWDR_CERTIFICATE: keys.files.signerCertificate })).toContain(
      'APPLE_WALLET_CERTIFICATE was not issued by APPLE_WALLET_WWDR_CERTIFICATE',
    );
    issueCertificate(
      keys.dir,
      'elsewhere',
      `/UID=pass.co.otro.cine/CN=Pass Type ID: pass.co.otro.cine/OU=${TEST_TEAM_ID}`,
    );
    expect(
      refusal({
        ...keys.env,
        APPLE_WALLET_CERTIFICATE: join(keys.dir, 'elsewhere.pem'),
        APPLE_WALLET_KEY: join(keys.dir, 'elsewhere.key'),
      }),
    ).toContain(
      `APPLE_WALLET_CERTIFICATE was made for pass.co.otro.cine, not APPLE_WALLET_PASS_TYPE_ID ${TEST_PASS_TYPE_ID}`,
    );
  });

  it('opens an encrypted key with its passphrase, and says which is missing or wrong', () => {
    const encrypted = join(keys.dir, 'signer-encrypted.key');
    execFileSync(DEBIAN_PACKAGES.openssl, [
      'pkey',
      '-in',
      keys.files.signerKey,
      '-aes256',
      '-passout',
      'pass:clave-de-prueba',
      '-out',
      encrypted,
    ]);
    const env = { ...keys.env, APPLE_WALLET_KEY: encrypted };
    expect(load({ ...env, APPLE_WALLET_KEY_PASSPHRASE: 'clave-de-prueba' }).wallet.apple).not.toBeNull();
    expect(refusal(env)).toContain('APPLE_WALLET_KEY is encrypted: set APPLE_WALLET_KEY_PASSPHRASE');
    const wrong = refusal({ ...env, APPLE_WALLET_KEY_PASSPHRASE: 'otra-clave' });
    expect(wrong).toContain('APPLE_WALLET_KEY is not a PEM private key or APPLE_WALLET_KEY_PASSPHRASE is wrong');
    expect(wrong).not.toContain('otra-clave');
  });

  it('refuses a Google key file that is not a service account key', () => {
    const file = (name: string, content: string) => {
      const path = join(keys.dir, name);
      writeFileSync(path, content);
      return path;
    };
    expect(refusal({ ...keys.env, GOOGLE_WALLET_SERVICE_ACCOUNT: file('broken.json', '{"client_email": ') })).toContain(
      'GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account JSON key',
    );
    const noKey = refusal({
      ...keys.env,
      GOOGLE_WALLET_ISSUER_ID: 'viziona',
      GOOGLE_WALLET_SERVICE_ACCOUNT: file(
        'no-key.json',
        JSON.stringify({ type: 'service_account', client_email: 'a@b.co' }),
      ),
    });
    expect(noKey).toContain('GOOGLE_WALLET_ISSUER_ID must be the issuer id (digits)');
    expect(noKey).toContain('GOOGLE_WALLET_SERVICE_ACCOUNT has no PEM private_key');
  });

  it('warns when the Apple certificate expires within 30 days, and hides Apple once it has expired', () => {
    const config = load(keys.env);
    // The test certificate is valid for 30 days from now.
    expect(configWarnings(config).join('\n')).toMatch(/APPLE_WALLET_CERTIFICATE expires on \d{4}-\d{2}-\d{2}/);
    const expired = {
      ...config,
      wallet: { ...config.wallet, apple: { ...config.wallet.apple!, signerExpiresAt: new Date(Date.now() - 1000) } },
    };
    expect(configWarnings(expired).join('\n')).toContain('APPLE_WALLET_CERTIFICATE expired on');
  });
});
