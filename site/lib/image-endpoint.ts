/**
 * `/_image`: the cinema API's photos resized for phones (site/decisions/image-path.md). Astro's
 * own sharp image service does the work; this endpoint is the gate in front of it: only the one
 * URL spelling `imageUrl` writes (the ladder's widths, AVIF or JPEG) of a source in its own
 * canonical spelling, only from IMAGE_ORIGINS, a bounded download, and a bounded line of
 * resizes. Answers are immutable: the edge keeps one copy per image, width and format. When
 * the original cannot be fetched or read, or the line is full, the browser is sent to it
 * (never cached), so a page still shows what the image host itself can give.
 */
import type { APIRoute } from 'astro';
import { getConfiguredImageService, imageConfig } from 'astro:assets';
import { readImageRequest, type ImageRequest } from './image-url.ts';
import { WARM_UP_ID_PREFIX } from './image-warmup.ts';
import { serverEnv } from './server-env.ts';
import { createWorkQueue } from './work-queue.ts';

export const prerender = false;

/** A whole download of the original: above it the image host counts as down. */
const SOURCE_TIMEOUT_MS = 8_000;
/** A poster is about 200 KB; a camera's original a few MB. Anything larger is not resized. */
const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
/**
 * Resizes at once per site process (download and transform): a page's twenty posters never
 * take every core. Up to `waiting` more wait their turn, a few seconds at a second of a busy
 * core each; past that a person is sent to the original at once rather than kept waiting
 * behind whoever asked first (issue 39).
 */
const RESIZE_LINE = { running: 2, waiting: 12 };
const IMMUTABLE = 'public, max-age=31536000, immutable';

function refused(message: string): Response {
  return new Response(JSON.stringify({ error: { code: 'BAD_IMAGE_REQUEST', message } }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The original itself, for the browser to try (the image host is down or sent something we cannot read). */
function toOriginal(src: string): Response {
  return new Response(null, { status: 307, headers: { location: src, 'cache-control': 'no-store' } });
}

async function download(src: string): Promise<Uint8Array | null> {
  const response = await fetch(src, {
    // A redirect could lead anywhere: the original must be where IMAGE_ORIGINS says.
    redirect: 'manual',
    signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
    headers: { accept: 'image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8' },
  });
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (!response.ok || response.body === null || declared > MAX_SOURCE_BYTES) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_SOURCE_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type Outcome = { data: Uint8Array; format: ImageRequest['format'] } | 'original';

const resizes = createWorkQueue<Outcome>(RESIZE_LINE);

async function resized(request: ImageRequest, logger: Parameters<APIRoute>[0]['logger']): Promise<Outcome> {
  let source: Uint8Array | null;
  try {
    source = await download(request.src);
  } catch {
    source = null;
  }
  if (source === null) return 'original';
  try {
    const service = await getConfiguredImageService();
    if (!('transform' in service)) throw new Error('The configured image service does not transform images');
    const image = await service.transform(
      source,
      { src: request.src, width: request.width, format: request.format },
      imageConfig,
      logger,
    );
    // Astro's service hands an image it could not re-encode back as it came: not what was asked.
    return image.data === source ? 'original' : { data: image.data, format: request.format };
  } catch (error) {
    logger.warn(`image not resized: ${String(error)}`);
    return 'original';
  }
}

/** The site's own warm-up (image-warmer.ts) waits for an idle moment: a person's photo goes first. */
function busy(): Response {
  return new Response(null, { status: 503, headers: { 'retry-after': '2', 'cache-control': 'no-store' } });
}

export const GET: APIRoute = async ({ url, logger, request: incoming }) => {
  const request = readImageRequest(url.search);
  if (request === null) return refused('La imagen pedida no existe en los tamaños y formatos del sitio.');
  if (!serverEnv.imageOrigins.includes(new URL(request.src).origin))
    return refused('La imagen no viene de un origen de imágenes del sitio.');
  const work = () => resized(request, logger);
  if (incoming.headers.get('x-request-id')?.startsWith(WARM_UP_ID_PREFIX)) {
    const idle = resizes.runIfIdle(url.search, work);
    if (idle === null) return busy();
    const outcome = await idle;
    return outcome === 'original' ? toOriginal(request.src) : resizedAnswer(outcome);
  }
  // The line is full: the original at once, rather than a wait behind everybody else's.
  const pending = resizes.run(url.search, work);
  const outcome = pending === null ? 'original' : await pending;
  return outcome === 'original' ? toOriginal(request.src) : resizedAnswer(outcome);
};

function resizedAnswer(image: Exclude<Outcome, 'original'>): Response {
  return new Response(image.data as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': `image/${image.format}`,
      'content-length': String(image.data.byteLength),
      'cache-control': IMMUTABLE,
    },
  });
}
