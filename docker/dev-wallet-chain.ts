import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEV_WALLET } from '#shared/dev-secrets.ts';
import { APPLE_WALLET_VARIABLES, GOOGLE_WALLET_VARIABLES } from '#bff/plugins/wallet-config.ts';
import { walletChainEnv, walletChainFiles, writeWalletChain } from './wallet-chain.ts';

/**
 * `npm start`'s development wallet signing chain (docker/decisions/dev-wallet-chain.md): made
 * once with openssl in `dir` (.data/wallet-dev) and kept, so the ticket page shows "Agregar a
 * Apple Wallet" and "Guardar en Google Wallet" and their passes download; remade when its
 * certificate is within a month of expiring (the BFF hides Apple's button once it expires).
 * The launcher uses it only when no wallet variable is set and never in production.
 */

const VALID_DAYS = 397;
const RENEW_BEFORE_MS = 30 * 86_400_000;

export type DevWalletChain =
  { dir: string; env: Record<string, string>; made: boolean } | { dir: string; problem: string };

function stillGood(dir: string, now: number): boolean {
  const files = walletChainFiles(dir);
  if (!Object.values(files).every((file) => existsSync(file))) return false;
  try {
    const signer = new X509Certificate(readFileSync(files.signerCertificate));
    return (
      signer.subject.includes(`UID=${DEV_WALLET.passTypeId}`) && Date.parse(signer.validTo) - now > RENEW_BEFORE_MS
    );
  } catch {
    return false;
  }
}

const NOTICE = `Cadena de firma de DESARROLLO que hizo npm start (docker/dev-wallet-chain.ts).
No es de Apple ni de Google: sus pases no abren en ninguna billetera real.
Nunca la use en producción (el BFF la rechaza con NODE_ENV=production).
Para usar las llaves de los operadores, defina APPLE_WALLET_* y GOOGLE_WALLET_* (README).
`;

export function devWalletChain(dir: string, now = Date.now()): DevWalletChain {
  if (stillGood(dir, now)) return { dir, env: walletChainEnv(dir, DEV_WALLET), made: false };
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeWalletChain(dir, DEV_WALLET, VALID_DAYS);
    writeFileSync(join(dir, 'LEAME.txt'), NOTICE);
    return { dir, env: walletChainEnv(dir, DEV_WALLET), made: true };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'openssl is not installed' : (error as Error).message;
    return { dir, problem: reason.split('\n')[0] ?? reason };
  }
}

/** Every variable of the operators' wallet keys: one of them set, and the development chain stays out. */
const WALLET_VARIABLES = [...APPLE_WALLET_VARIABLES, 'APPLE_WALLET_KEY_PASSPHRASE', ...GOOGLE_WALLET_VARIABLES];

/**
 * What `npm start` gives the BFF for the wallets: nothing when the operators set any wallet
 * variable (their keys, as they set them) or in production; otherwise the development chain in
 * `dir`, made on the first start. `note` is what the launcher prints.
 */
export function walletForLocalRun(
  env: NodeJS.ProcessEnv,
  dir: string,
  now = Date.now(),
): { env: Record<string, string>; note: string | null } {
  if (env.NODE_ENV === 'production') return { env: {}, note: null };
  if (WALLET_VARIABLES.some((name) => (env[name] ?? '').trim() !== '')) return { env: {}, note: null };
  const chain = devWalletChain(dir, now);
  if ('problem' in chain) {
    return {
      env: {},
      note: `Wallet buttons hidden: the development signing chain could not be made (${chain.problem}).`,
    };
  }
  return {
    env: chain.env,
    note: `Wallet buttons: development signing chain in ${dir} (not Apple's nor Google's: its passes open in no real wallet).`,
  };
}
