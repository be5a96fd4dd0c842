import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEBIAN_PACKAGES } from './debian-packages.ts';

/**
 * What Wallet checks of a `.pkpass`, done with Debian's unzip and openssl for the BFF and
 * end-to-end tests: every file's SHA-1 in manifest.json, and the detached PKCS#7 signature of
 * the manifest by a certificate the given CA issued (the test's stand-in for Apple's WWDR).
 */

/** Unzips an archive into a new folder under `work`; answers the folder. */
export function unzipped(archive: Buffer, work: string): string {
  const dir = mkdtempSync(join(work, 'unzipped-'));
  const file = join(dir, 'archive.zip');
  writeFileSync(file, archive);
  const out = join(dir, 'files');
  execFileSync(DEBIAN_PACKAGES.unzip, ['-q', file, '-d', out]);
  return out;
}

/** The files under a folder, as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => relative(dir, join(dir, name)));
}

/** What is wrong with the manifest of an unzipped pass: a file missing from it, a wrong hash, a file it names that is not there. */
export function manifestProblems(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, string>;
  const files = filesUnder(dir).filter((name) => name !== 'manifest.json' && name !== 'signature');
  const problems: string[] = [];
  for (const name of files) {
    const hash = createHash('sha1')
      .update(readFileSync(join(dir, name)))
      .digest('hex');
    if (manifest[name] !== hash) problems.push(`${name}: ${manifest[name] ?? 'not in the manifest'} ≠ ${hash}`);
  }
  for (const name of Object.keys(manifest)) if (!files.includes(name)) problems.push(`${name}: no such file`);
  return problems;
}

/** openssl's verdict on the signature of the manifest (or of another file given as `content`). */
export function verifyPassSignature(dir: string, caFile: string, content = join(dir, 'manifest.json')) {
  return spawnSync(
    DEBIAN_PACKAGES.openssl,
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(dir, 'signature'),
      '-content',
      content,
      '-CAfile',
      caFile,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
}
