import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One process of the topology on its own port: started, waited for, stopped by process group. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Service {
  readonly name: string;
  readonly port: number;
  readonly opsPort?: number;
  child: ChildProcess | null;
  start(): Promise<void>;
  /** Sends the signal and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export type Probe = () => Promise<void>;

export function service(
  name: string,
  port: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  answers: Probe,
  logFile: string,
  opsPort?: number,
): Service {
  const self: Service = {
    name,
    port,
    opsPort,
    child: null,
    async start() {
      const log = (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' });
      // Its own process group: nginx's workers outlive a killed master otherwise.
      const child = spawn(command, args, {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout?.on('data', log);
      child.stderr?.on('data', log);
      self.child = child;
      await waitUntil(answers, name, child);
    },
    async stop(signal = 'SIGTERM') {
      const child = self.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      });
      self.child = null;
    },
  };
  return self;
}

async function waitUntil(answers: Probe, name: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it answered`);
    try {
      await answers();
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${name} did not answer within ${timeoutMs / 1000} s: ${String(error)}`, { cause: error });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const httpAnswers =
  (url: string): Probe =>
  async () => {
    const answer = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    if (answer.status >= 500) throw new Error(`${url} answered ${answer.status}`);
  };
