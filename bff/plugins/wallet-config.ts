import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SecretText } from './secret-text.ts';

/**
 * The wallets' signing keys, the operators' secrets (bff/decisions/wallet-passes.md): read
 * once at start-up, checked so that a wrong file stops the start with a message naming the
 * variable (never its content), and absent by default, which hides the buttons.
 */

export interface AppleWalletConfig {
  /** `pass.com.viziona.ticket`: the Pass Type ID the certificate was made for. */
  passTypeIdentifier: string;
  /** The Apple Developer team (10 characters). */
  teamIdentifier: string;
  /** PEM of the Pass Type ID certificate and of Apple's WWDR intermediate that issued it. */
  signerCertificate: string;
  wwdrCertificate: string;
  /** The certificate's private key, decrypted, as PKCS#1 PEM. */
  signerKey: SecretText;
  /** When the certificate stops being valid: a pass signed after that is refused by iOS. */
  signerExpiresAt: Date;
}

export interface GoogleWalletConfig {
  /** The issuer id of the Google Wallet console (digits). */
  issuerId: string;
  /** The service account the console authorised, and its RSA key (RS256). */
  serviceAccountEmail: string;
  privateKey: KeyObject;
  /** The Wallet API's root (`…/walletobjects/v1`), where the BFF inserts the classes and objects. */
  apiUrl: string;
  /** Where the service account trades its signed assertion for an access token (OAuth 2.0, RFC 7523). */
  tokenUrl: string;
}

/** Google's own endpoints, used unless GOOGLE_WALLET_API_URL / GOOGLE_WALLET_TOKEN_URL say otherwise. */
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com/walletobjects/v1';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export interface WalletConfig {
  apple: AppleWalletConfig | null;
  google: GoogleWalletConfig | null;
}

/** The environment variables, by name (values trimmed, empty ones absent). */
export const APPLE_WALLET_VARIABLES = [
  'APPLE_WALLET_PASS_TYPE_ID',
  'APPLE_WALLET_TEAM_ID',
  'APPLE_WALLET_CERTIFICATE',
  'APPLE_WALLET_KEY',
  'APPLE_WALLET_WWDR_CERTIFICATE',
] as const;
export const GOOGLE_WALLET_VARIABLES = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

type WalletVariable =
  | (typeof APPLE_WALLET_VARIABLES)[number]
  | (typeof GOOGLE_WALLET_VARIABLES)[number]
  | 'APPLE_WALLET_KEY_PASSPHRASE'
  | 'GOOGLE_WALLET_API_URL'
  | 'GOOGLE_WALLET_TOKEN_URL';
export type WalletEnv = Partial<Record<WalletVariable, string>>;

type Parsed<T> = { value: T | null; problems: string[] };

const isPem = (text: string): boolean => text.trimStart().startsWith('-----BEGIN');

/**
 * A PEM or JSON value given either as its text or as the path of a file (a mounted secret).
 * A PEM's line breaks may be written `\n`, for env files that keep one line per variable (a
 * JSON key already writes those of its private_key so).
 */
function readSecretValue(name: string, value: string, kind: 'pem' | 'json'): string {
  if (kind === 'pem' && isPem(value)) return value.replaceAll('\\n', '\n');
  if (kind === 'json' && value.trimStart().startsWith('{')) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`${name} is neither inline text nor a readable file (${code})`, { cause: error });
  }
}

function certificate(name: string, value: string): X509Certificate {
  const text = readSecretValue(name, value, 'pem');
  try {
    return new X509Certificate(text);
  } catch (error) {
    throw new Error(`${name} is not a PEM certificate`, { cause: error });
  }
}

function privateKey(name: string, value: string, passphrase: string | undefined, passphraseName: string): KeyObject {
  const text = readSecretValue(name, value, 'pem');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem', ...(passphrase === undefined ? {} : { passphrase }) });
  } catch (error) {
    const encrypted = /ENCRYPTED/.test(text);
    if (encrypted && passphrase === undefined) {
      throw new Error(`${name} is encrypted: set ${passphraseName}`, { cause: error });
    }
    const reason = (error as NodeJS.ErrnoException).code === 'ERR_OSSL_BAD_DECRYPT' ? ` (wrong ${passphraseName})` : '';
    throw new Error(`${name} is not a PEM private key${encrypted ? ` or ${passphraseName} is wrong` : ''}${reason}`, {
      cause: error,
    });
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`${name} must be an RSA key`);
  return key;
}

/** `UID=…` and `OU=…` of a certificate's subject (Apple writes the Pass Type ID and the team there). */
function subjectField(cert: X509Certificate, field: string): string | undefined {
  const line = cert.subject.split('\n').find((entry) => entry.startsWith(`${field}=`));
  return line?.slice(field.length + 1);
}

/** Names of a family's variables that are missing while others of it are set. */
function missingCompanions(env: WalletEnv, family: ReadonlyArray<WalletVariable>, also: WalletVariable[] = []) {
  const set = [...family, ...also].filter((name) => env[name] !== undefined);
  if (set.length === 0) return null;
  return family.filter((name) => env[name] === undefined);
}

function companionProblem(family: string, missing: string[]): string {
  return `${family} needs ${missing.length > 1 ? 'these variables too' : 'this variable too'}: ${missing.join(', ')}`;
}

function parseApple(env: WalletEnv): Parsed<AppleWalletConfig> {
  const missing = missingCompanions(env, APPLE_WALLET_VARIABLES, ['APPLE_WALLET_KEY_PASSPHRASE']);
  if (missing === null) return { value: null, problems: [] };
  if (missing.length > 0) return { value: null, problems: [companionProblem('Apple Wallet', missing)] };
  const {
    APPLE_WALLET_PASS_TYPE_ID: passTypeIdentifier = '',
    APPLE_WALLET_TEAM_ID: teamIdentifier = '',
    APPLE_WALLET_CERTIFICATE: certificateValue = '',
    APPLE_WALLET_KEY: keyValue = '',
    APPLE_WALLET_WWDR_CERTIFICATE: wwdrValue = '',
    APPLE_WALLET_KEY_PASSPHRASE: passphrase,
  } = env;
  const problems: string[] = [];
  if (!/^pass\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(passTypeIdentifier)) {
    problems.push('APPLE_WALLET_PASS_TYPE_ID must be a Pass Type ID such as pass.com.viziona.ticket');
  }
  if (!/^[A-Z0-9]{10}$/.test(teamIdentifier)) {
    problems.push('APPLE_WALLET_TEAM_ID must be the 10-character Apple team identifier');
  }
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return null;
    }
  };
  const signer = attempt(() => certificate('APPLE_WALLET_CERTIFICATE', certificateValue));
  const wwdr = attempt(() => certificate('APPLE_WALLET_WWDR_CERTIFICATE', wwdrValue));
  const key = attempt(() => privateKey('APPLE_WALLET_KEY', keyValue, passphrase, 'APPLE_WALLET_KEY_PASSPHRASE'));
  if (signer && key && !signer.checkPrivateKey(key)) {
    problems.push('APPLE_WALLET_KEY is not the private key of APPLE_WALLET_CERTIFICATE');
  }
  if (signer && wwdr && !(signer.checkIssued(wwdr) && signer.verify(wwdr.publicKey))) {
    problems.push('APPLE_WALLET_CERTIFICATE was not issued by APPLE_WALLET_WWDR_CERTIFICATE');
  }
  const uid = signer ? subjectField(signer, 'UID') : undefined;
  if (uid !== undefined && uid !== passTypeIdentifier) {
    problems.push(`APPLE_WALLET_CERTIFICATE was made for ${uid}, not APPLE_WALLET_PASS_TYPE_ID ${passTypeIdentifier}`);
  }
  const team = signer ? subjectField(signer, 'OU') : undefined;
  if (team !== undefined && /^[A-Z0-9]{10}$/.test(team) && team !== teamIdentifier) {
    problems.push(`APPLE_WALLET_CERTIFICATE belongs to team ${team}, not APPLE_WALLET_TEAM_ID ${teamIdentifier}`);
  }
  if (problems.length > 0 || !signer || !wwdr || !key) return { value: null, problems };
  return {
    value: {
      passTypeIdentifier,
      teamIdentifier,
      signerCertificate: signer.toString(),
      wwdrCertificate: wwdr.toString(),
      // Decrypted once here: the signing library then needs no passphrase, and reads PKCS#1 best.
      signerKey: new SecretText(key.export({ type: 'pkcs1', format: 'pem' }).toString()),
      signerExpiresAt: new Date(signer.validTo),
    },
    problems: [],
  };
}

function parseGoogle(env: WalletEnv): Parsed<GoogleWalletConfig> {
  const missing = missingCompanions(env, GOOGLE_WALLET_VARIABLES);
  if (missing === null) return { value: null, problems: [] };
  if (missing.length > 0) return { value: null, problems: [companionProblem('Google Wallet', missing)] };
  const problems: string[] = [];
  const issuerId = env.GOOGLE_WALLET_ISSUER_ID ?? '';
  if (!/^\d{5,30}$/.test(issuerId)) problems.push('GOOGLE_WALLET_ISSUER_ID must be the issuer id (digits)');
  let account: { client_email?: unknown; private_key?: unknown; type?: unknown; token_uri?: unknown } = {};
  try {
    const text = readSecretValue('GOOGLE_WALLET_SERVICE_ACCOUNT', env.GOOGLE_WALLET_SERVICE_ACCOUNT ?? '', 'json');
    try {
      account = JSON.parse(text) as typeof account;
    } catch {
      throw new Error('GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account JSON key');
    }
  } catch (error) {
    return { value: null, problems: [...problems, (error as Error).message] };
  }
  const email = account.client_email;
  if (account.type !== undefined && account.type !== 'service_account') {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT is not a service account key (its "type" is not service_account)');
  }
  if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT has no client_email');
  }
  let key: KeyObject | null = null;
  if (typeof account.private_key !== 'string' || !isPem(account.private_key)) {
    problems.push('GOOGLE_WALLET_SERVICE_ACCOUNT has no PEM private_key');
  } else {
    try {
      key = privateKey('GOOGLE_WALLET_SERVICE_ACCOUNT private_key', account.private_key, undefined, 'a passphrase');
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0 || !key || typeof email !== 'string') return { value: null, problems };
  // The key's own token endpoint (every key Google issues names it), unless the operator sets one.
  const keyTokenUrl =
    typeof account.token_uri === 'string' && /^https:\/\//.test(account.token_uri) ? account.token_uri : undefined;
  return {
    value: {
      issuerId,
      serviceAccountEmail: email,
      privateKey: key,
      apiUrl: (env.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL).replace(/\/+$/, ''),
      tokenUrl: env.GOOGLE_WALLET_TOKEN_URL ?? keyTokenUrl ?? GOOGLE_TOKEN_URL,
    },
    problems: [],
  };
}

/** Both wallets' configuration, and what is wrong with it (each problem names its variable). */
export function parseWalletConfig(env: WalletEnv): { wallet: WalletConfig; problems: string[] } {
  const apple = parseApple(env);
  const google = parseGoogle(env);
  return { wallet: { apple: apple.value, google: google.value }, problems: [...apple.problems, ...google.problems] };
}

/** What an operator should hear at start-up: a certificate that expired or expires within 30 days. */
export function walletWarnings(wallet: WalletConfig, now = new Date()): string[] {
  const expiresAt = wallet.apple?.signerExpiresAt;
  if (!expiresAt) return [];
  const day = expiresAt.toISOString().slice(0, 10);
  if (expiresAt <= now) {
    return [`APPLE_WALLET_CERTIFICATE expired on ${day}: "Agregar a Apple Wallet" is hidden until it is renewed`];
  }
  if (expiresAt.getTime() - now.getTime() < 30 * 86_400_000) {
    return [`APPLE_WALLET_CERTIFICATE expires on ${day}: renew it before then or "Agregar a Apple Wallet" disappears`];
  }
  return [];
}

/** Which wallets' buttons the ticket page shows: those configured, Apple's while its certificate is valid. */
export function availableWallets(wallet: WalletConfig, now = new Date()): { apple: boolean; google: boolean } {
  return { apple: wallet.apple !== null && wallet.apple.signerExpiresAt > now, google: wallet.google !== null };
}
