/**
 * glibc's malloc for the site's process (docker/decisions/site-malloc-arenas.md): at most two
 * arenas, so what the render and compression threads needed at a rush's peak is not kept in an
 * arena of each. The Dockerfile's site stage sets the same (compose and Kubernetes run that
 * image; tests/unit/kubernetes-manifests.test.ts holds them equal); `npm start`
 * (run-local.ts) and the topology test and benchmarks (tests/topology/stack.ts) add it here.
 */
export const SITE_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  // Fixed, so glibc never raises them after a large free (up to 32 MiB): a compression or
  // resize buffer of 128 KiB or more is mapped on its own and unmapped when freed, and free
  // memory at the top of an arena goes back once it passes 128 KiB.
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const;
