/**
 * The site server's configuration, read once from the environment. Nothing here reaches
 * the browser: only server code (middleware, page frontmatter) imports this module.
 */
function readBffUrl(): string {
  const explicit = process.env.BFF_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  const port = process.env.BFF_PORT?.trim() || '4300';
  return `http://127.0.0.1:${port}`;
}

function readTimeoutMs(): number {
  const value = Number(process.env.BFF_TIMEOUT_MS ?? '');
  return Number.isFinite(value) && value > 0 ? value : 8000;
}

export const serverEnv = {
  bffUrl: readBffUrl(),
  bffTimeoutMs: readTimeoutMs(),
} as const;
