import { createWriteStream, readFileSync } from 'node:fs';

/**
 * What a Node process of the topology holds, read from outside: its resident set
 * (`/proc/<pid>/status`) and, through the inspector it was started with (`--inspect=127.0.0.1:0`,
 * bench only), its JavaScript heap in use after a full garbage collection, which is what a leak
 * grows (V8 does not hand freed pages back to the system at once, so RSS alone cannot tell a
 * leak from a heap that has not shrunk yet). Optionally a heap snapshot, for DevTools' Memory
 * panel (what holds what).
 */

export interface Memory {
  rssBytes: number;
  /** JavaScript heap in use after a full collection. */
  heapUsedBytes: number;
  /** The heap V8 has reserved (used or not). */
  heapTotalBytes: number;
  /** Memory of C++ objects bound to JavaScript ones (Buffers and other ArrayBuffers among them). */
  externalBytes: number;
  /**
   * The resident part of glibc's main malloc arena (the `[heap]` mapping): native allocations
   * (buffers, V8's parser and compiler zones) and the free space they left, which glibc keeps
   * for the next ones instead of handing it back.
   */
  mallocArenaBytes: number;
}

/** The inspector's address a process printed when it started (its log file). */
function inspectorUrl(logFile: string): string {
  const found = /Debugger listening on (ws:\/\/[^\s]+)/.exec(readFileSync(logFile, 'utf8'));
  if (!found?.[1]) throw new Error(`${logFile} names no inspector: was the process started with --inspect?`);
  return found[1];
}

/** One inspector session: commands by id, events by name. */
async function session(url: string) {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${url}`)), { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  const listeners = new Map<string, (params: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      result?: unknown;
      params?: unknown;
    };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    else if (message.method) listeners.get(message.method)?.(message.params);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      next += 1;
      const id = next;
      return new Promise<T>((resolve) => {
        waiting.set(id, (result) => resolve(result as T));
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    on(method: string, listener: (params: unknown) => void) {
      listeners.set(method, listener);
    },
    close: () => socket.close(),
  };
}

function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

/** Resident bytes of the `[heap]` mapping (`/proc/<pid>/smaps`). */
function mallocArenaBytes(pid: number): number {
  const smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const found = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(smaps);
  return Number(found?.[1] ?? 0) * 1024;
}

/** The process's memory after a full collection; with `snapshotFile`, a heap snapshot written there too. */
export async function memoryOf(pid: number, logFile: string, snapshotFile?: string): Promise<Memory> {
  const inspector = await session(inspectorUrl(logFile));
  try {
    // Twice: what the first collection's finalisers release goes in the second.
    await inspector.send('HeapProfiler.collectGarbage');
    await inspector.send('HeapProfiler.collectGarbage');
    const heap = await inspector.send<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
    const usage = await inspector.send<{ result: { value: string } }>('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const { external } = JSON.parse(usage.result.value) as { external: number };
    // Read before a snapshot: writing one grows the resident set for a while.
    const rssBytes = residentBytes(pid);
    const arena = mallocArenaBytes(pid);
    if (snapshotFile) {
      const file = createWriteStream(snapshotFile);
      inspector.on('HeapProfiler.addHeapSnapshotChunk', (params) => file.write((params as { chunk: string }).chunk));
      await inspector.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      await new Promise((resolve) => file.end(resolve));
    }
    return {
      rssBytes,
      heapUsedBytes: heap.usedSize,
      heapTotalBytes: heap.totalSize,
      externalBytes: external,
      mallocArenaBytes: arena,
    };
  } finally {
    inspector.close();
  }
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
