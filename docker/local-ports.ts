import { createServer } from 'node:net';

/**
 * The ports `npm start` (run-local.ts) is about to open, checked before anything starts: each
 * process's port is named by the variable a person sets, so a clash or a port another program
 * holds is told as a sentence naming that variable, instead of a child dying with EADDRINUSE.
 */
export interface LocalPort {
  /** The environment variable that sets it (`BFF_OPS_PORT`). */
  variable: string;
  port: number;
  /** How its value was chosen when the person did not set it (`BFF_PORT + 1`). */
  defaultText?: string;
}

const described = (entry: LocalPort, env: Record<string, string | undefined>): string =>
  env[entry.variable] === undefined && entry.defaultText
    ? `${entry.variable} (${entry.defaultText}, not set)`
    : entry.variable;

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** One sentence per problem: two variables on one port, a port out of range, a port taken. */
export async function portProblems(
  ports: ReadonlyArray<LocalPort>,
  host: string,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of ports) {
    if (!Number.isInteger(entry.port) || entry.port < 1 || entry.port > 65_535)
      problems.push(`${entry.variable} must be a port number from 1 to 65535 (it is ${String(entry.port)}).`);
  }
  if (problems.length > 0) return problems;
  const seen = new Map<number, LocalPort>();
  for (const entry of ports) {
    const first = seen.get(entry.port);
    if (first) {
      problems.push(
        `${described(entry, env)} and ${described(first, env)} are both ${entry.port}: set ${env[entry.variable] === undefined ? entry.variable : first.variable} to another port.`,
      );
    } else seen.set(entry.port, entry);
  }
  for (const entry of seen.values()) {
    if (!(await isFree(entry.port, host)))
      problems.push(
        `Port ${entry.port} (${described(entry, env)}) is taken by another program on ${host}: stop it or set ${entry.variable} to a free port.`,
      );
  }
  return problems;
}
