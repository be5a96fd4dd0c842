import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  issueCertificate as issueChainCertificate,
  walletChainEnv,
  walletChainFiles,
  writeWalletChain,
  type WalletChainFiles,
  type WalletIdentity,
} from '../docker/wallet-chain.ts';
import { DEBIAN_PACKAGES } from './debian-packages.ts';

/**
 * Throwaway wallet keys for the tests, made at start with Debian's openssl in a temporary
 * directory (never committed) by the chain `npm start` also makes its own with
 * (docker/wallet-chain.ts): a CA standing for Apple's WWDR intermediate, a Pass Type ID
 * certificate it issued with its key, and a Google service account's JSON key. `env`
 * configures the BFF with the files' paths, as operators do with mounted secrets.
 */

export const TEST_PASS_TYPE_ID = 'pass.co.viziona.pruebas';
export const TEST_TEAM_ID = 'VZTEST1234';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_SERVICE_ACCOUNT_EMAIL = 'wallet@viziona-pruebas.iam.gserviceaccount.com';

const TEST_IDENTITY: WalletIdentity = {
  passTypeId: TEST_PASS_TYPE_ID,
  teamId: TEST_TEAM_ID,
  googleIssuerId: TEST_GOOGLE_ISSUER_ID,
  serviceAccountEmail: TEST_SERVICE_ACCOUNT_EMAIL,
  projectId: 'viziona-pruebas',
  authority: 'Viziona Test WWDR CA',
  organisation: 'Viziona pruebas',
};

export interface WalletKeys {
  dir: string;
  /** The files, by role. */
  files: WalletChainFiles;
  /** The Google service account's public key (PEM), what Google verifies the save link's JWT with. */
  googlePublicKey: string;
  /** The BFF's environment for both wallets. */
  env: Record<string, string>;
  remove(): void;
}

/** A certificate issued by the test CA for a new RSA key, with the subject given. */
export function issueCertificate(dir: string, name: string, subject: string, days = 30): void {
  issueChainCertificate(dir, name, subject, days, DEBIAN_PACKAGES.openssl);
}

export function makeWalletKeys(): WalletKeys {
  const dir = mkdtempSync(join(tmpdir(), 'viziona-wallet-keys-'));
  writeWalletChain(dir, TEST_IDENTITY, 30, DEBIAN_PACKAGES.openssl);
  const files = walletChainFiles(dir);
  const account = JSON.parse(readFileSync(files.serviceAccount, 'utf8')) as { private_key: string };
  return {
    dir,
    files,
    googlePublicKey: createPublicKey(account.private_key).export({ type: 'spki', format: 'pem' }).toString(),
    env: walletEnvOf(dir),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The key files of a directory `makeWalletKeys` made. */
export const keyFilesIn = walletChainFiles;

/** The BFF's environment for both wallets, from a directory `makeWalletKeys` made. */
export function walletEnvOf(dir: string): Record<string, string> {
  return walletChainEnv(dir, TEST_IDENTITY);
}

/** A file of the key directory as text. */
export const readKeyFile = (path: string): string => readFileSync(path, 'utf8');
