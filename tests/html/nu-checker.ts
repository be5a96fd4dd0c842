import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_PACKAGES } from '../debian-packages.ts';

/**
 * The W3C's Nu Html Checker (the `vnu-jar` package's vnu.jar, run by Debian's Java 17, never
 * the Java the package's install script would download) over many documents in one run: the
 * checker's start costs seconds, each document milliseconds.
 */

export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  message: string;
  /** The source around the problem, as the checker quotes it. */
  extract: string;
  line: number;
  column: number;
}

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface NuReport {
  messages: Array<{
    type: NuMessage['type'];
    subType?: string;
    url?: string;
    message: string;
    extract?: string;
    lastLine?: number;
    firstColumn?: number;
  }>;
}

/** Runs the checker over `documents` (a name each) and answers each one's errors, by name. */
export async function checkHtml(documents: ReadonlyMap<string, string>): Promise<Map<string, NuMessage[]>> {
  const dir = await mkdtemp(join(tmpdir(), 'viziona-nu-'));
  try {
    const files = new Map<string, string>();
    for (const [name, html] of documents) {
      const file = join(dir, `${files.size + 1}.html`);
      await writeFile(file, html);
      files.set(file, name);
    }
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        DEBIAN_PACKAGES['openjdk-17-jre-headless'],
        ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files.keys()],
        { maxBuffer: 64 * 1024 * 1024 },
        // The report goes to stderr.
        (error, _stdout, stderr) =>
          error ? reject(new Error(`vnu failed: ${stderr || error.message}`)) : resolve(stderr),
      );
    });
    const report = JSON.parse(output) as NuReport;
    const byName = new Map<string, NuMessage[]>([...documents.keys()].map((name) => [name, []]));
    for (const message of report.messages) {
      const name = message.url === undefined ? undefined : files.get(fileURLToPath(message.url));
      const messages = name === undefined ? undefined : byName.get(name);
      if (messages === undefined) throw new Error(`vnu reported on no document of ours: ${message.message}`);
      messages.push({
        type: message.type,
        message: message.message,
        extract: message.extract ?? '',
        line: message.lastLine ?? 0,
        column: message.firstColumn ?? 0,
      });
    }
    return byName;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per message, what a person reads to find it in the page. */
export function describeMessages(messages: ReadonlyArray<NuMessage>): string[] {
  return messages.map(
    (message) =>
      `${message.line}:${message.column} ${message.message} … ${message.extract.replace(/\s+/g, ' ').slice(0, 160)}`,
  );
}
