import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A wallet signing chain made with openssl, standing for the operators' keys: a CA standing
 * for Apple's WWDR intermediate, a Pass Type ID certificate it issued (its subject written as
 * Apple writes it: UID the pass type, OU the team) with its key, and a Google service account's
 * JSON key. The tests make one per run in a temporary directory (tests/wallet-keys.ts); `npm
 * start` makes its development chain once in .data/ (dev-wallet-chain.ts). Passes signed with
 * it open in no real wallet: Apple's devices trust only Apple's WWDR, Google only its issuers.
 */

export interface WalletIdentity {
  passTypeId: string;
  /** 10 characters, as an Apple team identifier. */
  teamId: string;
  googleIssuerId: string;
  serviceAccountEmail: string;
  /** The Google Cloud project the service account belongs to. */
  projectId: string;
  /** The CA's common name and the certificates' organisation: say plainly what the chain is. */
  authority: string;
  organisation: string;
}

export interface WalletChainFiles {
  wwdrCertificate: string;
  wwdrKey: string;
  signerCertificate: string;
  signerKey: string;
  serviceAccount: string;
}

/** The key files of a directory `writeWalletChain` wrote. */
export function walletChainFiles(dir: string): WalletChainFiles {
  return {
    wwdrCertificate: join(dir, 'wwdr.pem'),
    wwdrKey: join(dir, 'wwdr.key'),
    signerCertificate: join(dir, 'signer.pem'),
    signerKey: join(dir, 'signer.key'),
    serviceAccount: join(dir, 'service-account.json'),
  };
}

/** The BFF's environment for both wallets, from a directory `writeWalletChain` wrote. */
export function walletChainEnv(dir: string, identity: WalletIdentity): Record<string, string> {
  const files = walletChainFiles(dir);
  return {
    APPLE_WALLET_PASS_TYPE_ID: identity.passTypeId,
    APPLE_WALLET_TEAM_ID: identity.teamId,
    APPLE_WALLET_CERTIFICATE: files.signerCertificate,
    APPLE_WALLET_KEY: files.signerKey,
    APPLE_WALLET_WWDR_CERTIFICATE: files.wwdrCertificate,
    GOOGLE_WALLET_ISSUER_ID: identity.googleIssuerId,
    GOOGLE_WALLET_SERVICE_ACCOUNT: files.serviceAccount,
  };
}

const run = (openssl: string, cwd: string, args: string[]): void => {
  execFileSync(openssl, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
};

/** A certificate issued by the chain's CA (wwdr.pem) in `dir` for a new RSA key, with the subject given. */
export function issueCertificate(dir: string, name: string, subject: string, days: number, openssl = 'openssl'): void {
  run(openssl, dir, [
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
  run(openssl, dir, [
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

/** Writes a whole chain for `identity` into `dir` (which exists), valid for `days`. */
export function writeWalletChain(dir: string, identity: WalletIdentity, days: number, openssl = 'openssl'): void {
  run(openssl, dir, [
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
    String(days),
    '-subj',
    `/CN=${identity.authority}/O=${identity.organisation}/C=CO`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  issueCertificate(
    dir,
    'signer',
    `/UID=${identity.passTypeId}/CN=Pass Type ID: ${identity.passTypeId}/OU=${identity.teamId}/O=${identity.organisation}/C=CO`,
    days,
    openssl,
  );
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(
    walletChainFiles(dir).serviceAccount,
    JSON.stringify({
      type: 'service_account',
      project_id: identity.projectId,
      client_email: identity.serviceAccountEmail,
      private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
    { mode: 0o600 },
  );
}
