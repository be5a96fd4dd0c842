import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityStack, type SecurityStack } from './stack.ts';

/** The finding: `requestTimeout: 0`, so a body sent a byte at a time stayed open forever. */

let stack: SecurityStack;
beforeAll(async () => {
  stack = await startSecurityStack({ env: { REQUEST_TIMEOUT_MS: '1500' } });
});
afterAll(async () => {
  await stack?.close();
});

/** Sends a POST whose body trickles in a byte every 300 ms; resolves with what came back once the server closed. */
function trickle(url: string): Promise<{ answer: string; bytesSent: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let bytesSent = 0;
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        'POST /bff/auth/login HTTP/1.1\r\nHost: localhost\r\nX-Viziona-Client: web\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      );
      const timer = setInterval(() => {
        if (socket.destroyed || bytesSent >= 999) return clearInterval(timer);
        socket.write(' ');
        bytesSent += 1;
      }, 300);
      socket.on('close', () => clearInterval(timer));
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, bytesSent }));
  });
}

describe('slow bodies', () => {
  it('are cut with 408 once the request timeout passes, long before the body would end', async () => {
    const { answer, bytesSent } = await trickle(stack.bffUrl);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(bytesSent).toBeLessThan(999);
  }, 30_000);
});
