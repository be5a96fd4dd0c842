import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { announceChanges } from './cache-announcements.ts';
import { entityTag } from '#shared/http/entity-tags.ts';
import { sha256Bytes } from '../sha256.ts';

/**
 * A cache of upstream reads. Three instances: the catalogue's public reads (billboard, movies,
 * releases, rooms, banners, snacks, corporate content: `app.catalogueCache`, registered below),
 * the booking data's (purchase/common/booking-sources.ts) and the settings' (settings/). An entry is fresh for 5 minutes and kept for 30: after 5 minutes the
 * next read asks the upstream again and, when the upstream fails, the kept entry is served
 * stale so the pages still render. Concurrent misses of one key share a single upstream call.
 * The map is a bounded LRU so a crawler walking unknown slugs cannot grow it without limit.
 *
 * Values are stored with their JSON text, serialised once on fill; routes send that text, so
 * a hit costs a map lookup rather than a validation and a serialisation of the whole view.
 */
interface ReadCacheOptions {
  /** How long an entry is served without asking the upstream. */
  freshMs?: number;
  /** How long an entry is kept to be served stale when the upstream fails. */
  keepMs?: number;
  maxEntries?: number;
  /**
   * With a kept entry on hand, how long a refresh may take before the kept entry is served
   * stale (the refresh goes on and stores its answer when it comes): a hung upstream costs a
   * page this long, not the upstream's whole timeout.
   */
  staleAfterMs?: number;
  now?: () => number;
  /** Whether a failed load may be answered with a stale entry (not for authoritative 4xx answers). */
  servesStaleOn?: (error: unknown) => boolean;
  /**
   * Where every replica keeps the last good copy of each entry (Redis when configured), so a
   * replica that never read an entry, or restarted, still has it to serve stale during an
   * outage: every replica shows the same pages then.
   */
  shared?: SharedCopies;
  /**
   * Tells the other replicas that an entry changed (`refresh`, `expire`), so they drop their
   * own copy and take the shared one on their next read (catalogueCachePlugin: Redis pub/sub).
   */
  announce?: (key: string) => Promise<void>;
}

/** The two operations of the shared store the cache needs (bff/plugins/shared-store.ts has them). */
interface SharedCopies {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

const SHARED_PREFIX = 'catalogue:';

type CacheOutcome = 'hit' | 'miss' | 'refreshed' | 'stale';

export interface CachedRead<T> {
  value: T;
  /** `JSON.stringify(value)`, computed once when the entry was stored. */
  json: string;
  /** The ETag of `json`, computed with it (bff/plugins/cache-headers.ts). */
  etag: string;
  outcome: CacheOutcome;
  storedAt: number;
}

interface Entry {
  value: unknown;
  json: string;
  etag: string;
  storedAt: number;
}

export const readCacheDefaults = {
  freshMs: 5 * 60_000,
  keepMs: 30 * 60_000,
  maxEntries: 500,
  staleAfterMs: 800,
} as const;

const TIMED_OUT = Symbol('timed out');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const record = error as { statusCode?: unknown; status?: unknown };
  const status = record.statusCode ?? record.status;
  return typeof status === 'number' ? status : null;
}

/** A 404 or 422 is the upstream's answer, not its failure: it is passed on, never covered up. */
function isUpstreamOutage(error: unknown): boolean {
  const status = statusOf(error);
  return status === null || status >= 500 || status === 429 || status === 408;
}

export class ReadCache {
  readonly freshMs: number;
  readonly keepMs: number;
  readonly maxEntries: number;
  readonly staleAfterMs: number;
  readonly #now: () => number;
  readonly #servesStaleOn: (error: unknown) => boolean;
  readonly #shared: SharedCopies | undefined;
  readonly #announce: ((key: string) => Promise<void>) | undefined;
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, { promise: Promise<Entry>; startedAt: number }>();

  constructor(options: ReadCacheOptions = {}) {
    this.freshMs = options.freshMs ?? readCacheDefaults.freshMs;
    this.keepMs = Math.max(options.keepMs ?? readCacheDefaults.keepMs, this.freshMs);
    this.maxEntries = Math.max(1, options.maxEntries ?? readCacheDefaults.maxEntries);
    this.staleAfterMs = options.staleAfterMs ?? readCacheDefaults.staleAfterMs;
    this.#now = options.now ?? (() => Date.now());
    this.#servesStaleOn = options.servesStaleOn ?? isUpstreamOutage;
    this.#shared = options.shared;
    this.#announce = options.announce;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value under `key`, loading it with `load` when missing or no longer fresh. One key
   * must always hold one kind of value (keys are namespaced by route), which is why the
   * stored `unknown` may be handed back as `T`.
   */
  async read<T>(key: string, load: () => Promise<T>): Promise<CachedRead<T>> {
    return this.readComposite(key, async () => ({ value: await load(), storedAt: this.#now() }));
  }

  /**
   * Like `read`, for a value composed of other cached reads: `load` also says when its
   * oldest part was stored, so a composition of stale parts is stored as just as old (and
   * asked for again soon) rather than as fresh.
   */
  async readComposite<T>(key: string, load: () => Promise<{ value: T; storedAt: number }>): Promise<CachedRead<T>> {
    // A replica that has not read this key yet takes the copy another replica stored.
    const entry = this.#entries.get(key) ?? (this.#shared ? await this.#sharedCopy(key) : undefined);
    const now = this.#now();
    if (entry && now - entry.storedAt < this.freshMs) {
      // Refresh the LRU position: Map iteration order is insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return { value: entry.value as T, json: entry.json, etag: entry.etag, outcome: 'hit', storedAt: entry.storedAt };
    }
    if (entry && now - entry.storedAt >= this.keepMs) this.#entries.delete(key);

    try {
      const loading = this.#loadOnce(key, load);
      if (entry && now - entry.storedAt < this.keepMs) {
        // A refresh already slower than the deadline (a hung upstream): nobody waits for it again.
        const waited = now - (this.#loading.get(key)?.startedAt ?? now);
        const loaded = await within(loading, Math.max(0, this.staleAfterMs - waited));
        if (loaded !== TIMED_OUT) return this.#answer<T>(loaded, true);
        // The refresh goes on without a reader; its failure is only the upstream's outage.
        loading.catch(() => {});
        return {
          value: entry.value as T,
          json: entry.json,
          etag: entry.etag,
          outcome: 'stale',
          storedAt: entry.storedAt,
        };
      }
      return this.#answer<T>(await loading, entry !== undefined);
    } catch (error) {
      const kept = this.#entries.get(key);
      if (kept && this.#now() - kept.storedAt < this.keepMs && this.#servesStaleOn(error)) {
        return { value: kept.value as T, json: kept.json, etag: kept.etag, outcome: 'stale', storedAt: kept.storedAt };
      }
      throw error;
    }
  }

  /** The last good copy another replica stored, if the shared store has one and answers. */
  async #sharedCopy(key: string): Promise<Entry | undefined> {
    try {
      const text = await this.#shared?.get(SHARED_PREFIX + key);
      if (!text) return undefined;
      const { storedAt, json } = JSON.parse(text) as { storedAt: number; json: string };
      const entry: Entry = { value: JSON.parse(json) as unknown, json, etag: entityTag(sha256Bytes(json)), storedAt };
      this.#store(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  #answer<T>(loaded: Entry, replacedAnEntry: boolean): CachedRead<T> {
    const outcome: CacheOutcome =
      this.#now() - loaded.storedAt >= this.freshMs ? 'stale' : replacedAnEntry ? 'refreshed' : 'miss';
    return { value: loaded.value as T, json: loaded.json, etag: loaded.etag, outcome, storedAt: loaded.storedAt };
  }

  /** Drops this replica's own copy of `key` (another replica announced a newer one). */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /**
   * Loads `key` now, fresh or not, for every replica: the answer is stored here and in the
   * shared store, then announced, so the other replicas drop their copies and read this one.
   * Used when news must show at once (an "Avísame" e-mail that links to the page). Fails when
   * the load fails (the kept entries stay) or the shared store does not take the copy.
   */
  async refresh<T>(key: string, load: () => Promise<T>): Promise<CachedRead<T>> {
    // A read already under way may carry the upstream's answer from before the news: it lands first.
    await this.#loading.get(key)?.promise.catch(() => {});
    const value = await load();
    const { entry, sharing } = this.#keep(key, value, this.#now());
    await sharing;
    await this.#announce?.(key);
    return this.#answer<T>(entry, true);
  }

  /**
   * Makes `key` stale for every replica without dropping it: the next read anywhere asks the
   * upstream again (a composition of entries that were refreshed: releases, home), and an
   * outage meanwhile still serves the kept copy.
   */
  async expire(key: string): Promise<void> {
    const staleAt = this.#now() - this.freshMs;
    const local = this.#entries.get(key);
    if (local && local.storedAt > staleAt) local.storedAt = staleAt;
    if (this.#shared) {
      const text = await this.#shared.get(SHARED_PREFIX + key);
      if (text) {
        const copy = JSON.parse(text) as { storedAt: number; json: string };
        if (copy.storedAt > staleAt) {
          const ttl = Math.max(1, copy.storedAt + this.keepMs - this.#now());
          await this.#shared.set(SHARED_PREFIX + key, JSON.stringify({ ...copy, storedAt: staleAt }), ttl);
        }
      }
    }
    await this.#announce?.(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  #loadOnce(key: string, load: () => Promise<{ value: unknown; storedAt: number }>): Promise<Entry> {
    const pending = this.#loading.get(key);
    if (pending) return pending.promise;
    const loading = (async () => {
      try {
        const { value, storedAt } = await load();
        const { entry, sharing } = this.#keep(key, value, storedAt);
        // Best effort: an outage of the shared store costs only this copy.
        sharing?.catch(() => {});
        return entry;
      } finally {
        this.#loading.delete(key);
      }
    })();
    this.#loading.set(key, { promise: loading, startedAt: this.#now() });
    return loading;
  }

  /** Stores a loaded value here and starts storing it in the shared store (`sharing`). */
  #keep(key: string, value: unknown, storedAt: number): { entry: Entry; sharing: Promise<void> | undefined } {
    const json = JSON.stringify(value);
    const entry: Entry = { value, json, etag: entityTag(sha256Bytes(json)), storedAt: Math.min(storedAt, this.#now()) };
    this.#store(key, entry);
    const sharing = this.#shared?.set(
      SHARED_PREFIX + key,
      JSON.stringify({ storedAt: entry.storedAt, json: entry.json }),
      this.keepMs,
    );
    return { entry, sharing };
  }

  #store(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}

/**
 * Sends a cached read as its stored JSON text. The route's zod response schema already
 * validated the value when it was stored (bff/catalogue/catalogue-reads.ts), so the text is
 * sent as is instead of being validated and serialised again on every hit. Routes mark
 * themselves `config: { cache: PUBLIC_CACHE }` for the Cache-Control header; the ETag was
 * computed with the text, so a hit does not hash it again.
 */
export function sendCachedJson(reply: FastifyReply, read: CachedRead<unknown>): FastifyReply {
  reply.server.metrics.cacheReads.inc({ outcome: read.outcome });
  if (read.outcome === 'stale')
    reply.log.warn({ storedAt: new Date(read.storedAt).toISOString() }, 'catalogue read served stale');
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', read.etag)
    .header('x-cache', read.outcome.toUpperCase())
    .send(read.json);
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: ReadCache;
  }
}

export const catalogueCachePlugin = fp<ReadCacheOptions>(
  async (app, options) => {
    // Copies shared across replicas only mean something in Redis; memory would hold each twice.
    const shared = app.sharedStore.kind === 'redis' ? app.sharedStore : undefined;
    const announcements = app.redis ? await announceChanges(app, app.redis) : undefined;
    const cache = new ReadCache({ shared, announce: announcements?.announce, ...options });
    announcements?.onChange(
      (key) => cache.delete(key),
      () => cache.clear(),
    );
    app.decorate('catalogueCache', cache);
  },
  { name: 'viziona-catalogue-cache', dependencies: ['viziona-shared-store', 'viziona-redis'] },
);
