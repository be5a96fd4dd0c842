import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from './context.ts';

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Origin the caller used to reach the sandbox (or the configured public URL). */
export function sandboxBase(ctx: SandboxContext, request: FastifyRequest): string {
  if (ctx.publicUrl !== undefined) return trimSlash(ctx.publicUrl);
  return `${request.protocol}://${request.host}`;
}

/** Absolute URL of a generated image. */
export function imageUrl(base: string, name: string): string {
  return `${base}/sandbox/images/${encodeURIComponent(name)}.svg`;
}

export function siteLink(ctx: SandboxContext, path: string): string {
  return `${trimSlash(ctx.siteUrl)}${path}`;
}
