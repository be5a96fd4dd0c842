import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { seededRandom } from '#shared/seeded-random.ts';
import type { ImageKind, ImageSpec } from './images.ts';
import {
  auditoriumSvg,
  bannerTypeSvg,
  captionTypeSvg,
  landscapeSvg,
  paletteOf,
  posterTypeSvg,
  productSvg,
  type SceneKind,
} from './photo-scenes.ts';

/**
 * Photo-like JPEGs of the sizes and weights a real catalogue has (issues 31 and 41): a poster
 * is a scene of its genre in a colour of its own with the title, the genre and a billing block
 * set over it, a banner a wide scene with its name, a room its auditorium, a snack the product
 * on a lit counter (photo-scenes.ts draws them as SVG, rendered by sharp's librsvg with the
 * machine's fonts: Liberation Sans Narrow from Debian's fonts-liberation). A photograph's
 * texture and grain are added over the picture; their strength is tuned so the JPEG weighs
 * what a real photo of that size does. Everything comes from a generator seeded by the
 * image's name, so the same name gives the same bytes on every run with the same sharp and fonts.
 */
interface PhotoShape {
  width: number;
  height: number;
  /** A mid-scale light-and-shade texture (haze, surfaces) that survives resizing, as a photo's detail does. */
  texture: number;
  /** The film's fine grain. */
  grain: number;
}

/** Brands stay SVG logos; every other kind is a photo. Weights at quality 82: see the README. */
const PHOTO_SHAPES: Record<Exclude<ImageKind, 'brand'>, PhotoShape> = {
  poster: { width: 1000, height: 1500, texture: 0.05, grain: 16 }, // ≈ 200 KB
  banner: { width: 1920, height: 800, texture: 0.06, grain: 20 }, // ≈ 215 KB
  room: { width: 1600, height: 900, texture: 0.05, grain: 16 }, // ≈ 175 KB
  square: { width: 800, height: 800, texture: 0.04, grain: 11 }, // ≈ 80 KB
  gallery: { width: 1200, height: 900, texture: 0.05, grain: 16 },
  content: { width: 1600, height: 800, texture: 0.05, grain: 16 },
  popup: { width: 900, height: 1200, texture: 0.05, grain: 16 },
};
const JPEG_QUALITY = 82;
/** Part of the cache file's name: a change to the drawing makes new files. */
const GENERATOR_VERSION = 3;

export function isPhoto(spec: ImageSpec): boolean {
  return spec.kind !== 'brand';
}

/** A field of random light and shade `cells` wide, smoothly enlarged to the photo's size (one channel). */
async function lightField(random: () => number, shape: PhotoShape, cells: number): Promise<Buffer> {
  const width = cells;
  const height = Math.max(2, Math.round((cells * shape.height) / shape.width));
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .resize(shape.width, shape.height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

type Picture = SceneKind | 'auditorium' | 'product';

function pictureOf(spec: ImageSpec): Picture {
  if (spec.scene !== undefined) return spec.scene;
  if (spec.kind === 'room') return 'auditorium';
  if (spec.kind === 'square') return 'product';
  return 'mountains';
}

function pictureSvg(picture: Picture, spec: ImageSpec, shape: PhotoShape, random: () => number) {
  const palette = paletteOf(random, picture === 'auditorium' || picture === 'product' ? 'city' : picture);
  const { width, height } = shape;
  const svg =
    picture === 'auditorium'
      ? auditoriumSvg(width, height, random, palette)
      : picture === 'product'
        ? productSvg(spec.title, width, height, random, palette)
        : landscapeSvg(picture, width, height, random, palette);
  const type =
    spec.kind === 'poster' || spec.kind === 'popup'
      ? posterTypeSvg(
          width,
          height,
          { title: spec.title, subtitle: spec.subtitle, credits: spec.credits ?? [] },
          palette,
        )
      : spec.kind === 'square'
        ? captionTypeSvg(width, height, spec.title, palette)
        : bannerTypeSvg(width, height, spec.title, spec.subtitle, palette);
  return { svg, type };
}

export async function renderPhoto(name: string, spec: ImageSpec): Promise<Buffer> {
  if (spec.kind === 'brand') throw new Error('Brands are logos, drawn as SVG.');
  const shape = PHOTO_SHAPES[spec.kind];
  const random = seededRandom(name);
  const { svg, type } = pictureSvg(pictureOf(spec), spec, shape, random);
  const picture = await sharp(Buffer.from(svg)).flatten({ background: '#000' }).raw().toBuffer();
  const texture = await lightField(random, shape, Math.round(shape.width / 10));
  const pixels = Buffer.alloc(picture.length);
  for (let pixel = 0; pixel < picture.length / 3; pixel++) {
    // Light and shade, and grain, the same on the three channels, as a photo's mostly are.
    const shade = (texture[pixel]! - 128) * shape.texture + (random() - 0.5) * shape.grain;
    for (let channel = 0; channel < 3; channel++) {
      const value = picture[pixel * 3 + channel]! + shade;
      pixels[pixel * 3 + channel] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
  return sharp(pixels, { raw: { width: shape.width, height: shape.height, channels: 3 } })
    .composite([{ input: Buffer.from(type) }])
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
