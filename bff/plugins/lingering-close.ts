import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Answers sent before the request's body was read (a body over the limit, a refused upload, a
 * 401 or 403 on a POST) say `Connection: close`, and the connection then closes the way
 * nginx's lingering close does: our side stops writing once the answer is out, keeps reading
 * and dropping what the client still sends until its body ends (at most `LINGER_MS`), and
 * only then closes. Closing at once would reset the connection under the client's upload and
 * most clients (browsers, proxies: the front door answered its own 502) lose the answer
 * with it; keeping it alive would leave an unread body in front of the next request.
 */

const LINGER_MS = 30_000;

function lingerThenClose(socket: Socket, body: NodeJS.ReadableStream & { complete: boolean }): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const done = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  // Node calls destroySoon() once a `Connection: close` answer is written: half-close instead.
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    if (body.complete) return done();
    body.once('end', done);
    body.once('close', done);
    body.resume();
  };
  socket.once('close', () => clearTimeout(timer));
}

export const lingeringClosePlugin = fp(
  async (app) => {
    // A callback hook, not an async one: every answer passes here.
    app.addHook('onSend', (request, reply, payload, done) => {
      const raw = request.raw;
      // Only real HTTP/1 connections (not app.inject's stand-in) whose body is still unread.
      if (
        raw.socket instanceof Socket &&
        !raw.complete &&
        !raw.destroyed &&
        !raw.socket.destroyed &&
        raw.httpVersionMajor === 1
      ) {
        reply.header('connection', 'close');
        lingerThenClose(raw.socket, raw);
      }
      done(null, payload);
    });
  },
  { name: 'viziona-lingering-close' },
);
