import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '#shared/seeded-random.ts';
import type { ImageKind, ImageSpec } from './images.ts';

/**
 * Photo-like JPEGs of the sizes and weights a real catalogue has (issue 31): a soft colour
 * field, a mid-scale texture that survives resizing (as a photo's detail does), a fine grain,
 * a light, a dark band and the title. Everything is drawn from a generator seeded by the
 * image's name, so the same name gives the same bytes on every run with the same sharp.
 */
interface PhotoShape {
  width: number;
  height: number;
  /** How strong the mid-scale texture is: tuned so the JPEG lands near a real photo's weight. */
  texture: number;
}

/** Brands stay SVG logos; every other kind is a photo. Weights at quality 82: see the README. */
const PHOTO_SHAPES: Record<Exclude<ImageKind, 'brand'>, PhotoShape> = {
  poster: { width: 1000, height: 1500, texture: 0.38 }, // ≈ 210 KB
  banner: { width: 1920, height: 800, texture: 0.45 }, // ≈ 215 KB
  room: { width: 1600, height: 900, texture: 0.29 }, // ≈ 175 KB
  square: { width: 800, height: 800, texture: 0.27 }, // ≈ 80 KB
  gallery: { width: 1200, height: 900, texture: 0.3 },
  content: { width: 1600, height: 800, texture: 0.3 },
  popup: { width: 900, height: 1200, texture: 0.3 },
};
const JPEG_QUALITY = 82;
/** Part of the cache file's name: a change to the drawing makes new files. */
const GENERATOR_VERSION = 1;

export function isPhoto(spec: ImageSpec): boolean {
  return spec.kind !== 'brand';
}

/** A field of random colours `cells` wide, smoothly enlarged to the photo's size. */
async function colourField(random: () => number, shape: PhotoShape, cells: number, low: number, span: number) {
  const width = cells;
  const height = Math.max(2, Math.round((cells * shape.height) / shape.width));
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(low + random() * span);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(shape.width, shape.height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function overlay(spec: ImageSpec, { width, height }: PhotoShape, random: () => number): Buffer {
  const titleSize = Math.round(Math.min(width, height) / 11);
  const light = `<circle cx="${Math.round(width * (0.2 + random() * 0.6))}" cy="${Math.round(height * (0.15 + random() * 0.3))}" r="${Math.round(Math.min(width, height) * 0.2)}" fill="rgba(255,226,160,0.3)"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${light}` +
      `<rect y="${Math.round(height * 0.64)}" width="${width}" height="${Math.round(height * 0.36)}" fill="rgba(0,0,0,0.5)"/>` +
      `<text x="50%" y="${Math.round(height * 0.78)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="${titleSize}" fill="#fff">${escapeXml(spec.title)}</text>` +
      `<text x="50%" y="${Math.round(height * 0.78 + titleSize * 1.1)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#eee">${escapeXml(spec.subtitle)}</text></svg>`,
  );
}

export async function renderPhoto(name: string, spec: ImageSpec): Promise<Buffer> {
  if (spec.kind === 'brand') throw new Error('Brands are logos, drawn as SVG.');
  const shape = PHOTO_SHAPES[spec.kind];
  const random = seededRandom(name);
  const base = await colourField(random, shape, 12, 30, 190);
  const texture = await colourField(random, shape, Math.round(shape.width / 8), 0, 255);
  const pixels = Buffer.alloc(base.length);
  for (let i = 0; i < pixels.length; i++) {
    // The texture is light and shade (one value for the three channels), as a photo's detail mostly is.
    const value = base[i]! + (texture[i - (i % 3)]! - 128) * shape.texture + (random() - 0.5) * 10;
    pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
  return sharp(pixels, { raw: { width: shape.width, height: shape.height, channels: 3 } })
    .composite([{ input: overlay(spec, shape, random) }])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/**
 * Photos drawn once per process (and once per machine when `directory` is set: drawing a
 * poster takes a CPU a few hundred milliseconds). Concurrent asks for one name share a drawing.
 */
export function createPhotoStore(directory: string | undefined) {
  const drawn = new Map<string, Promise<Buffer>>();
  const fileOf = (name: string) => join(directory ?? '', `${name}-v${GENERATOR_VERSION}.jpg`);

  async function drawOrRead(name: string, spec: ImageSpec): Promise<Buffer> {
    if (directory === undefined) return renderPhoto(name, spec);
    try {
      return await readFile(fileOf(name));
    } catch {
      const photo = await renderPhoto(name, spec);
      await mkdir(directory, { recursive: true });
      const partial = `${fileOf(name)}.${process.pid}.tmp`;
      await writeFile(partial, photo);
      await rename(partial, fileOf(name));
      return photo;
    }
  }

  return {
    get(name: string, spec: ImageSpec): Promise<Buffer> {
      let photo = drawn.get(name);
      if (photo === undefined) {
        photo = drawOrRead(name, spec);
        photo.catch(() => drawn.delete(name));
        drawn.set(name, photo);
      }
      return photo;
    },
    /** Draws every photo one after another (in the background after start), so first pages are not slow. */
    async warm(images: Map<string, ImageSpec>): Promise<void> {
      for (const [name, spec] of images) if (isPhoto(spec)) await this.get(name, spec);
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
