import { z } from 'zod';
import { PUBLIC_CACHE } from '../plugins/cache-headers.ts';

/** A slug or theater as a path segment: what the API's slugs look like, nothing that could reach another path. */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/i);

/**
 * Options of every cached catalogue read: public Cache-Control, and request logging at `warn`.
 * These anonymous, CDN-cacheable reads are the BFF's hottest path; an access line per hit
 * (two redacted pino lines) costs about half their throughput, and the front door logs
 * access anyway. Failures, upstream errors and stale answers are still logged.
 */
export const CACHED_READ = { logLevel: 'warn', config: { cache: PUBLIC_CACHE } } as const;
