import net from 'node:net';

/**
 * The device's signal, the same in every engine: the browsers reach the site through this
 * relay to the front door, and a lobby without signal is the relay refusing every connection
 * (and cutting the open ones), so the browser's requests and its service worker's fail as they
 * do without network. No engine-specific "offline" switch is needed.
 */
export class Signal {
  readonly #server: net.Server;
  readonly #sockets = new Set<net.Socket>();
  readonly #port: number;

  private constructor(server: net.Server, port: number) {
    this.#server = server;
    this.#port = port;
  }

  /** Relays `port` to `target`, both on 127.0.0.1 (what `localhost` reaches, as for the front door). */
  static async open(port: number, target: number): Promise<Signal> {
    const server = net.createServer();
    const signal = new Signal(server, port);
    server.on('connection', (incoming) => {
      const outgoing = net.connect(target, '127.0.0.1');
      for (const socket of [incoming, outgoing]) {
        signal.#sockets.add(socket);
        socket.on('close', () => signal.#sockets.delete(socket));
        socket.on('error', () => {
          incoming.destroy();
          outgoing.destroy();
        });
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await signal.#listen();
    return signal;
  }

  #listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
  }

  /** No signal: new connections are refused and the open ones cut. */
  async lose(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  async restore(): Promise<void> {
    if (!this.#server.listening) await this.#listen();
  }

  async close(): Promise<void> {
    if (this.#server.listening) await this.lose();
  }
}
