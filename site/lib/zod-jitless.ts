/**
 * What `import { z } from 'zod'` resolves to in browser bundles (see astro.config.mjs): zod
 * with its JIT switched off before any schema is built. The JIT's first step probes
 * `new Function`, which our Content Security Policy refuses and reports as a violation; the
 * interpreted parser is plenty fast for a form.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
