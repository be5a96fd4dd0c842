import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portProblems } from '../../docker/local-ports.ts';
import { sparePort } from '../spare-port.ts';

/**
 * The finding: with `BFF_PORT=6323 SANDBOX_PORT=6324`, `npm start` gave the BFF's operations port
 * BFF_PORT + 1 = the sandbox's, the BFF died with EADDRINUSE and the log said "bff stopped (1)".
 * Now the launcher checks every port first and says which variable to change.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let holder: Server;
let taken: number;

beforeAll(async () => {
  taken = await sparePort();
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => holder.close(() => resolve()));
});

/** `node docker/run-local.ts` with these variables: its exit code and what it printed. */
function launch(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['docker/run-local.ts'], {
      cwd: root,
      env: { ...process.env, ...env, UPSTREAM_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe("npm start's ports", () => {
  it('names the two variables that land on one port, before starting anything', async () => {
    const base = await sparePort();
    const { code, output } = await launch({
      PORT: String(await sparePort()),
      BFF_PORT: String(base),
      SANDBOX_PORT: String(base + 1),
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `BFF_OPS_PORT (BFF_PORT + 1, not set) and SANDBOX_PORT are both ${base + 1}: set BFF_OPS_PORT to another port.`,
    );
    expect(output).not.toContain('bff stopped');
    expect(output).not.toContain('EADDRINUSE');
  });

  it('names the variable whose port another program holds', async () => {
    const problems = await portProblems(
      [
        { variable: 'PORT', port: taken },
        { variable: 'BFF_PORT', port: await sparePort() },
      ],
      '127.0.0.1',
      { PORT: String(taken) },
    );
    expect(problems).toEqual([
      `Port ${taken} (PORT) is taken by another program on 127.0.0.1: stop it or set PORT to a free port.`,
    ]);
    const { code, output } = await launch({ PORT: String(taken), BFF_PORT: String(await sparePort()) });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${taken} (PORT) is taken by another program`);
  });

  it('says nothing when every port is free and apart', async () => {
    const ports = await Promise.all(
      ['PORT', 'BFF_PORT'].map(async (variable) => ({ variable, port: await sparePort() })),
    );
    expect(await portProblems(ports, '127.0.0.1', {})).toEqual([]);
  });
});
