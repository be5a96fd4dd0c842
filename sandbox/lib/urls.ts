import type { FastifyRequest } from 'fastify';
import { isPhoto } from '../catalogue/photos.ts';
import type { SandboxContext } from './context.ts';

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Origin the caller used to reach the sandbox (or the configured public URL). */
export function sandboxBase(ctx: SandboxContext, request: FastifyRequest): string {
  if (ctx.publicUrl !== undefined) return trimSlash(ctx.publicUrl);
  return `${request.protocol}://${request.host}`;
}

/** Absolute URL of a generated image: a JPEG photo, or an SVG for logos and placeholders. */
export function imageUrl(ctx: SandboxContext, base: string, name: string): string {
  const spec = ctx.catalogue.images.get(name);
  const photo = ctx.images === 'photos' && spec !== undefined && isPhoto(spec);
  return `${base}/sandbox/images/${encodeURIComponent(name)}.${photo ? 'jpg' : 'svg'}`;
}

export function siteLink(ctx: SandboxContext, path: string): string {
  return `${trimSlash(ctx.siteUrl)}${path}`;
}
