import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';

/**
 * Options of every cached catalogue read: public Cache-Control. Their access lines are logged
 * at the app's level like every other route's: with explicit redaction paths and serializers
 * that emit only what is logged (plugins/logging.ts), they cost a few microseconds a request.
 */
export const CACHED_READ = { config: { cache: PUBLIC_CACHE } } as const;
