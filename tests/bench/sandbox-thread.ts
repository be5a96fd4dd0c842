import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { buildSandbox } from '#sandbox/app.ts';

/**
 * The sandbox on a thread of its own, for a benchmark that measures its own thread's CPU (as
 * the cinema API is another machine's work): posts the port it listens on, closes on 'close'.
 */
const sandbox = buildSandbox({ db: ':memory:' });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
parentPort?.postMessage((sandbox.server.address() as AddressInfo).port);
parentPort?.on('message', (message) => {
  if (message === 'close') void sandbox.close().then(() => parentPort?.close());
});
