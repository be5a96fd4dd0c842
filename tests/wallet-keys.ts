import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_PACKAGES } from './debian-packages.ts';

/**
 * Throwaway wallet keys for the tests, made at start with Debian's openssl in a temporary
 * directory (never committed): a CA standing for Apple's WWDR intermediate, a Pass Type ID
 * certificate it issued (its subject written as Apple writes it: UID the pass type, OU the
 * team) with its key, and a Google service account's JSON key. `env` configures the BFF with
 * the files' paths, as operators do with mounted secrets.
 */

export const TEST_PASS_TYPE_ID = 'pass.co.viziona.pruebas';
export const TEST_TEAM_ID = 'VZTEST1234';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_SERVICE_ACCOUNT_EMAIL = 'wallet@viziona-pruebas.iam.gserviceaccount.com';

export interface WalletKeys {
  dir: string;
  /** The files, by role. */
  files: {
    wwdrCertificate: string;
    wwdrKey: string;
    signerCertificate: string;
    signerKey: string;
    serviceAccount: string;
  };
  /** The Google service account's public key (PEM), what Google verifies the save link's JWT with. */
  googlePublicKey: string;
  /** The BFF's environment for both wallets. */
  env: Record<string, string>;
  remove(): void;
}

const openssl = (cwd: string, args: string[]): void => {
  execFileSync(DEBIAN_PACKAGES.openssl, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
};

/** A certificate issued by the test CA for a new RSA key, with the subject given. */
export function issueCertificate(dir: string, name: string, subject: string, days = 30): void {
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  ]);
  writeFileSync(join(dir, `${name}.ext`), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n');
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    'wwdr.pem',
    '-CAkey',
    'wwdr.key',
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    String(days),
    '-extfile',
    `${name}.ext`,
  ]);
}

export function makeWalletKeys(): WalletKeys {
  const dir = mkdtempSync(join(tmpdir(), 'viziona-wallet-keys-'));
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'wwdr.key',
    '-out',
    'wwdr.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Viziona Test WWDR CA/O=Viziona pruebas/C=CO',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  issueCertificate(
    dir,
    'signer',
    `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Viziona pruebas/C=CO`,
  );

  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(
    join(dir, 'service-account.json'),
    JSON.stringify({
      type: 'service_account',
      project_id: 'viziona-pruebas',
      client_email: TEST_SERVICE_ACCOUNT_EMAIL,
      private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
  );
  return {
    dir,
    files: keyFilesIn(dir),
    googlePublicKey: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    env: walletEnvOf(dir),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The key files of a directory `makeWalletKeys` made. */
export function keyFilesIn(dir: string): WalletKeys['files'] {
  return {
    wwdrCertificate: join(dir, 'wwdr.pem'),
    wwdrKey: join(dir, 'wwdr.key'),
    signerCertificate: join(dir, 'signer.pem'),
    signerKey: join(dir, 'signer.key'),
    serviceAccount: join(dir, 'service-account.json'),
  };
}

/** The BFF's environment for both wallets, from a directory `makeWalletKeys` made. */
export function walletEnvOf(dir: string): Record<string, string> {
  const files = keyFilesIn(dir);
  return {
    APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
    APPLE_WALLET_CERTIFICATE: files.signerCertificate,
    APPLE_WALLET_KEY: files.signerKey,
    APPLE_WALLET_WWDR_CERTIFICATE: files.wwdrCertificate,
    GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: files.serviceAccount,
  };
}

/** A file of the key directory as text. */
export const readKeyFile = (path: string): string => readFileSync(path, 'utf8');
