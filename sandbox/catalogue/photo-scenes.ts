/**
 * What the sandbox's photos show, as SVG that sharp's librsvg renders (photos.ts adds the
 * grain and the JPEG): a poster's scene chosen by the movie's genre (a night sky, a city, hills,
 * a sunset over the sea, a forest, mountains), a room's auditorium facing its screen, a snack on
 * a lit counter; then the type a cinema prints over it. Every choice (colours, shapes, places)
 * comes from the image's seeded generator, so a name always draws the same picture.
 */

type Random = () => number;

export type SceneKind = 'space' | 'city' | 'hills' | 'sunset' | 'forest' | 'mountains';

/** The key colour of an image and the few tones drawn from it. */
export interface Palette {
  hue: number;
  /** Sky from top to horizon. */
  sky: [string, string, string];
  /** The light source (sun, moon, lamps). */
  light: string;
  /** Far to near ground, each darker. */
  ground: [string, string, string];
  accent: string;
}

const hsl = (hue: number, saturation: number, lightness: number, alpha = 1): string =>
  alpha === 1
    ? `hsl(${Math.round(((hue % 360) + 360) % 360)} ${Math.round(saturation)}% ${Math.round(lightness)}%)`
    : `hsl(${Math.round(((hue % 360) + 360) % 360)} ${Math.round(saturation)}% ${Math.round(lightness)}% / ${alpha})`;

const between = (random: Random, low: number, high: number): number => low + random() * (high - low);
const round = (value: number): number => Math.round(value * 10) / 10;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The scene a genre's poster shows. */
export function sceneOfGenre(genre: string): SceneKind {
  const plain = genre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (plain.includes('ciencia')) return 'space';
  if (plain.includes('terror')) return 'forest';
  if (plain.includes('suspenso') || plain.includes('accion') || plain.includes('thriller')) return 'city';
  if (plain.includes('comedia') || plain.includes('animacion') || plain.includes('familiar')) return 'hills';
  if (plain.includes('drama') || plain.includes('romance') || plain.includes('musical')) return 'sunset';
  return 'mountains';
}

/** A palette around a hue the generator picks, lit as `scene` is (night scenes darker). */
export function paletteOf(random: Random, scene: SceneKind): Palette {
  const hue = random() * 360;
  const night = scene === 'space' || scene === 'city' || scene === 'forest';
  const warm = scene === 'sunset';
  const skyHue = warm ? 20 + random() * 25 : hue;
  return {
    hue,
    sky: night
      ? [hsl(skyHue + 20, 55, 5), hsl(skyHue, 60, 14), hsl(skyHue - 15, 65, 28)]
      : warm
        ? [hsl(hue + 250, 45, 22), hsl(skyHue + 10, 75, 50), hsl(skyHue + 35, 95, 68)]
        : [hsl(skyHue + 10, 45, 38), hsl(skyHue, 40, 60), hsl(skyHue - 20, 45, 80)],
    light: night ? hsl(hue + 180, 40, 88) : warm ? hsl(45, 100, 85) : hsl(50, 100, 92),
    ground: night
      ? [hsl(hue, 35, 16), hsl(hue, 40, 9), hsl(hue, 45, 4)]
      : [hsl(hue + 30, 30, warm ? 30 : 48), hsl(hue + 30, 35, warm ? 16 : 32), hsl(hue + 30, 40, warm ? 7 : 18)],
    accent: hsl(hue + 150 + random() * 60, 85, 60),
  };
}

function skyGradient(id: string, palette: Palette): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="0.55" stop-color="${palette.sky[1]}"/><stop offset="1" stop-color="${palette.sky[2]}"/></linearGradient>`;
}

/**
 * The defs a picture collects while it is drawn: soft lights and hazes are gradients (a blur
 * filter over a large area costs librsvg seconds; a gradient costs nothing).
 */
class Defs {
  text = '';
  #next = 0;

  /** A radial fade from `colour` at `opacity` in the middle to nothing at the edge. */
  soft(colour: string, opacity: number): string {
    const id = `soft${(this.#next += 1)}`;
    this.text += `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="0.45" stop-color="${colour}" stop-opacity="${round(opacity * 0.45)}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
    return `url(#${id})`;
  }

  /** A horizontal band of `colour`, fading out above and below (mist, fog). */
  band(colour: string, opacity: number): string {
    const id = `band${(this.#next += 1)}`;
    this.text += `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}" stop-opacity="0"/><stop offset="0.5" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></linearGradient>`;
    return `url(#${id})`;
  }
}

/** A soft light: a disc with a wide glow around it. */
function glow(defs: Defs, cx: number, cy: number, r: number, colour: string, strength = 0.55): string {
  return (
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r * 5)}" fill="${defs.soft(colour, strength * 0.55)}"/>` +
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${colour}"/>`
  );
}

/** A ridge across the picture by midpoint displacement, filled down to the bottom. */
function ridge(random: Random, width: number, height: number, base: number, roughness: number, fill: string): string {
  let points = [
    [0, base + (random() - 0.5) * roughness],
    [width, base + (random() - 0.5) * roughness],
  ];
  let spread = roughness;
  for (let level = 0; level < 6; level += 1) {
    const next: number[][] = [];
    for (let index = 0; index < points.length - 1; index += 1) {
      const [x1, y1] = points[index]!;
      const [x2, y2] = points[index + 1]!;
      next.push([x1!, y1!], [(x1! + x2!) / 2, (y1! + y2!) / 2 + (random() - 0.5) * spread]);
    }
    next.push(points[points.length - 1]!);
    points = next;
    spread *= 0.55;
  }
  const line = points.map(([x, y]) => `${round(x!)},${round(y!)}`).join(' L');
  return `<path d="M${line} L${width},${height} L0,${height} Z" fill="${fill}"/>`;
}

/** Smooth rolling hills. */
function hill(random: Random, width: number, height: number, base: number, swell: number, fill: string): string {
  const segments = 3 + Math.floor(random() * 2);
  let d = `M0,${round(base + (random() - 0.5) * swell)}`;
  for (let index = 1; index <= segments; index += 1) {
    const x = (width * index) / segments;
    const cx = x - width / segments / 2;
    d += ` Q${round(cx)},${round(base - swell * between(random, 0.3, 1))} ${round(x)},${round(base + (random() - 0.5) * swell * 0.4)}`;
  }
  return `<path d="${d} L${width},${height} L0,${height} Z" fill="${fill}"/>`;
}

/** A person standing, seen against the light, `tall` pixels high, feet at (x, y). */
function figure(x: number, y: number, tall: number, fill: string): string {
  const head = tall * 0.075;
  const shoulders = tall * 0.13;
  return (
    `<g fill="${fill}"><circle cx="${round(x)}" cy="${round(y - tall + head)}" r="${round(head)}"/>` +
    `<path d="M${round(x - shoulders)},${round(y - tall * 0.8)} Q${round(x)},${round(y - tall * 0.86)} ${round(x + shoulders)},${round(y - tall * 0.8)} L${round(x + shoulders * 0.75)},${round(y - tall * 0.42)} L${round(x + shoulders * 0.55)},${round(y)} L${round(x + shoulders * 0.12)},${round(y)} L${round(x)},${round(y - tall * 0.4)} L${round(x - shoulders * 0.12)},${round(y)} L${round(x - shoulders * 0.55)},${round(y)} L${round(x - shoulders * 0.75)},${round(y - tall * 0.42)} Z"/></g>`
  );
}

/**
 * Many small shapes of one paint as one path (librsvg's cost is per element: a skyline's
 * windows as separate rectangles cost it most of a second).
 */
const circlePath = (cx: number, cy: number, r: number): string =>
  `M${round(cx - r)},${round(cy)}a${round(r)},${round(r)} 0 1 0 ${round(2 * r)},0a${round(r)},${round(r)} 0 1 0 ${round(-2 * r)},0Z`;
const rectPath = (x: number, y: number, w: number, h: number): string =>
  `M${round(x)},${round(y)}h${round(w)}v${round(h)}h${round(-w)}Z`;
function roundedRectPath(x: number, y: number, w: number, h: number, r: number): string {
  return `M${round(x + r)},${round(y)}h${round(w - 2 * r)}a${round(r)},${round(r)} 0 0 1 ${round(r)},${round(r)}v${round(h - 2 * r)}a${round(r)},${round(r)} 0 0 1 ${round(-r)},${round(r)}h${round(-(w - 2 * r))}a${round(r)},${round(r)} 0 0 1 ${round(-r)},${round(-r)}v${round(-(h - 2 * r))}a${round(r)},${round(r)} 0 0 1 ${round(r)},${round(-r)}Z`;
}

/** Shapes sorted into a few opacities, each set one path. */
function inLayers(shapes: Array<{ d: string; layer: number }>, fill: string, opacities: ReadonlyArray<number>): string {
  return opacities
    .map((opacity, layer) => {
      const d = shapes
        .filter((shape) => shape.layer === layer)
        .map((shape) => shape.d)
        .join('');
      return d === '' ? '' : `<path d="${d}" fill="${fill}" opacity="${opacity}"/>`;
    })
    .join('');
}

function stars(random: Random, width: number, height: number, count: number): string {
  const shapes: Array<{ d: string; layer: number }> = [];
  for (let index = 0; index < count; index += 1) {
    const r = random() < 0.94 ? between(random, 0.6, 1.6) : between(random, 1.8, 3.2);
    shapes.push({ d: circlePath(random() * width, random() * height, r), layer: Math.floor(random() * 3) });
  }
  return inLayers(shapes, '#fff', [0.4, 0.7, 1]);
}

function skyline(random: Random, width: number, base: number, height: number, fill: string, lit: string): string {
  let buildings = '';
  const windows: Array<{ d: string; layer: number }> = [];
  let x = -random() * 40;
  while (x < width) {
    const w = between(random, width * 0.04, width * 0.11);
    const h = between(random, height * 0.08, height * 0.3);
    buildings += rectPath(x, base - h, w, h + height);
    for (let row = base - h + 12; row < base - 10; row += 22) {
      for (let column = x + 8; column < x + w - 10; column += 16) {
        if (random() < 0.22) windows.push({ d: rectPath(column, row, 6, 9), layer: Math.floor(random() * 2) });
      }
    }
    x += w + between(random, 0, width * 0.015);
  }
  return `<path d="${buildings}" fill="${fill}"/>${inLayers(windows, lit, [0.55, 0.9])}`;
}

function trees(random: Random, width: number, base: number, tall: number, fill: string): string {
  let d = '';
  for (let x = -20; x < width + 20; x += between(random, tall * 0.18, tall * 0.4)) {
    const h = tall * between(random, 0.6, 1.1);
    const w = h * between(random, 0.22, 0.34);
    d += `M${round(x)},${round(base - h)}L${round(x + w / 2)},${round(base)}L${round(x - w / 2)},${round(base)}Z`;
  }
  return `<path d="${d}" fill="${fill}"/>`;
}

/** The edges darkened, as a lens does: its gradient (for the defs) and the layer drawn last. */
const VIGNETTE_DEFS = `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>`;
const vignette = (width: number, height: number): string =>
  `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;

const svgDocument = (width: number, height: number, defs: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs}${VIGNETTE_DEFS}</defs>${body}${vignette(width, height)}</svg>`;

/** A landscape scene of `kind`, the whole picture, without type. */
export function landscapeSvg(kind: SceneKind, width: number, height: number, random: Random, palette: Palette): string {
  const size = Math.min(width, height);
  const horizon = height * between(random, 0.55, 0.68);
  const defs = new Defs();
  defs.text += skyGradient('sky', palette);
  let body = `<rect width="${width}" height="${height}" fill="url(#sky)"/>`;
  const lightX = width * between(random, 0.2, 0.8);
  switch (kind) {
    case 'space': {
      body += stars(random, width, height, Math.round((width * height) / 2500));
      for (let index = 0; index < 5; index += 1) {
        body += `<ellipse cx="${round(random() * width)}" cy="${round(random() * height * 0.7)}" rx="${round(size * between(random, 0.2, 0.45))}" ry="${round(size * between(random, 0.08, 0.2))}" fill="${defs.soft(index % 2 ? palette.accent : hsl(palette.hue, 80, 55), round(between(random, 0.25, 0.45)))}" transform="rotate(${round(between(random, -30, 30))} ${round(width / 2)} ${round(height / 2)})"/>`;
      }
      const planet = size * between(random, 0.35, 0.55);
      const px = width * between(random, 0.15, 0.85);
      const py = height * between(random, 0.75, 0.95) + planet * 0.5;
      defs.text += `<radialGradient id="planet" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${hsl(palette.hue + 30, 60, 62)}"/><stop offset="0.7" stop-color="${hsl(palette.hue + 10, 55, 22)}"/><stop offset="1" stop-color="${hsl(palette.hue, 60, 6)}"/></radialGradient>`;
      body += `<circle cx="${round(px)}" cy="${round(py)}" r="${round(planet * 1.15)}" fill="${defs.soft(palette.accent, 0.5)}"/><circle cx="${round(px)}" cy="${round(py)}" r="${round(planet)}" fill="url(#planet)"/>`;
      body += figure(px + planet * 0.2, py - planet * 0.97, size * 0.12, hsl(palette.hue, 50, 4));
      break;
    }
    case 'city': {
      body += stars(random, width, horizon, Math.round((width * horizon) / 9000));
      body += glow(defs, lightX, height * between(random, 0.12, 0.3), size * 0.06, palette.light, 0.7);
      body += skyline(
        random,
        width,
        horizon + height * 0.05,
        height,
        palette.ground[0],
        hsl(palette.hue + 180, 30, 75),
      );
      body += skyline(random, width, horizon + height * 0.18, height, palette.ground[1], hsl(45, 90, 70));
      body += `<rect y="${round(horizon + height * 0.1)}" width="${width}" height="${round(height * 0.12)}" fill="${defs.band(palette.light, 0.2)}"/>`;
      body += `<rect y="${round(horizon + height * 0.3)}" width="${width}" height="${height}" fill="${palette.ground[2]}"/>`;
      body += figure(width * between(random, 0.3, 0.7), horizon + height * 0.31, size * 0.32, '#020204');
      break;
    }
    case 'forest': {
      body += glow(defs, lightX, height * 0.22, size * 0.07, palette.light, 0.8);
      body += trees(random, width, horizon, height * 0.35, palette.ground[0]);
      body += `<rect y="${round(horizon - height * 0.05)}" width="${width}" height="${round(height * 0.1)}" fill="${defs.band(palette.light, 0.3)}"/>`;
      body += trees(random, width, horizon + height * 0.12, height * 0.5, palette.ground[1]);
      body += `<rect y="${round(horizon + height * 0.1)}" width="${width}" height="${height}" fill="${palette.ground[2]}"/>`;
      body += figure(width * between(random, 0.35, 0.65), horizon + height * 0.13, size * 0.22, '#010102');
      break;
    }
    case 'hills': {
      body += glow(defs, lightX, height * between(random, 0.12, 0.25), size * 0.07, palette.light, 0.9);
      for (let index = 0; index < 4; index += 1) {
        body += `<ellipse cx="${round(random() * width)}" cy="${round(height * between(random, 0.1, 0.4))}" rx="${round(size * between(random, 0.12, 0.25))}" ry="${round(size * between(random, 0.03, 0.06))}" fill="${defs.soft('#fff', 0.85)}"/>`;
      }
      body += hill(random, width, height, horizon, height * 0.12, palette.ground[0]);
      body += hill(random, width, height, horizon + height * 0.12, height * 0.14, palette.ground[1]);
      body += hill(random, width, height, horizon + height * 0.25, height * 0.1, palette.ground[2]);
      body += figure(
        width * between(random, 0.25, 0.75),
        horizon + height * 0.26,
        size * 0.2,
        hsl(palette.hue + 30, 40, 10),
      );
      break;
    }
    case 'sunset': {
      const sun = size * between(random, 0.08, 0.13);
      body += glow(defs, lightX, horizon - sun * 0.3, sun, palette.light, 0.9);
      body += `<rect y="${round(horizon)}" width="${width}" height="${height}" fill="${palette.ground[1]}"/>`;
      for (let y = horizon + 6; y < height; y += between(random, 6, 18)) {
        const spread = (y - horizon) * 0.9 + sun;
        body += `<rect x="${round(lightX - spread * between(random, 0.2, 1))}" y="${round(y)}" width="${round(spread * between(random, 0.4, 2))}" height="${round(between(random, 1.5, 4))}" fill="${palette.light}" opacity="${round(Math.max(0.05, 0.55 - (y - horizon) / height))}"/>`;
      }
      body += ridge(random, width, height, height * 0.93, height * 0.08, palette.ground[2]);
      body += figure(width * between(random, 0.3, 0.7), height * 0.92, size * 0.3, '#050308');
      break;
    }
    case 'mountains': {
      body += glow(defs, lightX, horizon - height * 0.08, size * 0.06, palette.light, 0.8);
      body += ridge(random, width, height, horizon - height * 0.06, height * 0.3, palette.ground[0]);
      body += `<rect y="${round(horizon - height * 0.02)}" width="${width}" height="${round(height * 0.08)}" fill="${defs.band(palette.light, 0.28)}"/>`;
      body += ridge(random, width, height, horizon + height * 0.08, height * 0.25, palette.ground[1]);
      const near = horizon + height * 0.24;
      body += ridge(random, width, height, near, height * 0.12, palette.ground[2]);
      body += figure(width * between(random, 0.3, 0.7), near - height * 0.02, size * 0.18, '#030304');
      break;
    }
  }
  return svgDocument(width, height, defs.text, body);
}

/** An auditorium seen from the back rows: the lit screen, the seat backs in the screen's light. */
export function auditoriumSvg(width: number, height: number, random: Random, palette: Palette): string {
  const defs = new Defs();
  const screenTop = height * 0.1;
  const screenBottom = height * 0.48;
  const screenLeft = width * 0.17;
  const screenRight = width * 0.83;
  let body =
    `<rect width="${width}" height="${height}" fill="${hsl(palette.hue, 30, 5)}"/>` +
    `<path d="M0,0 L${width},0 L${screenRight + width * 0.1},${screenBottom + height * 0.05} L${screenLeft - width * 0.1},${screenBottom + height * 0.05} Z" fill="${hsl(palette.hue, 25, 9)}"/>` +
    `<ellipse cx="${round(width / 2)}" cy="${round((screenTop + screenBottom) / 2)}" rx="${round((screenRight - screenLeft) * 0.75)}" ry="${round((screenBottom - screenTop) * 1.1)}" fill="${defs.soft(palette.light, 0.45)}"/>` +
    `<rect x="${round(screenLeft)}" y="${round(screenTop)}" width="${round(screenRight - screenLeft)}" height="${round(screenBottom - screenTop)}" fill="url(#screen)"/>`;
  // What the screen shows: a horizon at dusk.
  const screenWidth = screenRight - screenLeft;
  const screenHeight = screenBottom - screenTop;
  body += `<clipPath id="on-screen"><rect x="${round(screenLeft)}" y="${round(screenTop)}" width="${round(screenWidth)}" height="${round(screenHeight)}"/></clipPath><g clip-path="url(#on-screen)" transform="translate(${round(screenLeft)} ${round(screenTop)})">${glow(defs, screenWidth * between(random, 0.25, 0.75), screenHeight * 0.55, screenHeight * 0.08, palette.light, 0.9)}${ridge(random, screenWidth, screenHeight, screenHeight * 0.7, screenHeight * 0.25, hsl(palette.hue, 40, 12))}</g>`;
  const rows = 7;
  for (let row = 0; row < rows; row += 1) {
    const depth = row / (rows - 1);
    const y = screenBottom + height * 0.1 + Math.pow(depth, 1.4) * height * 0.52;
    const seatWidth = width * (0.035 + depth * 0.06);
    const seatHeight = seatWidth * 0.9;
    const curve = height * 0.02 * (1 + depth);
    const lit = hsl(palette.hue + 5, 55, 18 + depth * 6);
    let seats = '';
    let edges = '';
    for (let x = -seatWidth * random(); x < width + seatWidth; x += seatWidth * 1.08) {
      const bend = curve * Math.pow((x - width / 2) / (width / 2), 2);
      seats += roundedRectPath(x, y - bend, seatWidth, seatHeight, seatWidth * 0.22);
      edges += roundedRectPath(
        x + seatWidth * 0.12,
        y - bend + 2,
        seatWidth * 0.76,
        seatHeight * 0.16,
        seatWidth * 0.08,
      );
    }
    body += `<path d="${seats}" fill="${lit}"/><path d="${edges}" fill="${palette.light}" opacity="${round(0.08 + (1 - depth) * 0.1)}"/>`;
  }
  const screen = `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.sky[2]}"/><stop offset="0.6" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`;
  return svgDocument(width, height, screen + defs.text, body);
}

type Product = 'popcorn' | 'drink' | 'water' | 'nachos' | 'hotdog' | 'candy' | 'combo';

function productOf(name: string): Product {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (plain.includes('combo')) return 'combo';
  if (plain.includes('nacho')) return 'nachos';
  if (plain.includes('perro')) return 'hotdog';
  if (plain.includes('agua')) return 'water';
  if (plain.includes('gaseosa') || plain.includes('bebida')) return 'drink';
  if (plain.includes('chocolat') || plain.includes('dulce')) return 'candy';
  return 'popcorn';
}

function popcornBucket(random: Random, cx: number, base: number, size: number, palette: Palette): string {
  const top = base - size;
  const half = size * 0.36;
  const kernels: string[] = ['', '', ''];
  for (let index = 0; index < 70; index += 1) {
    const x = cx + (random() - 0.5) * half * 2.1;
    const y = top - random() * size * 0.22 + Math.abs(x - cx) * 0.25;
    kernels[index % 3] += circlePath(x, y, size * between(random, 0.035, 0.06));
  }
  let svg = kernels.map((d, shade) => `<path d="${d}" fill="${hsl(48, 80, 80 + shade * 6)}"/>`).join('');
  svg += `<path d="M${round(cx - half)},${round(top)} L${round(cx + half)},${round(top)} L${round(cx + half * 0.75)},${round(base)} L${round(cx - half * 0.75)},${round(base)} Z" fill="#f4f1ea"/>`;
  for (let stripe = -2; stripe <= 2; stripe += 1) {
    const x = cx + stripe * half * 0.4;
    svg += `<path d="M${round(x - half * 0.09)},${round(top)} L${round(x + half * 0.09)},${round(top)} L${round(cx + (x - cx) * 0.75 + half * 0.07)},${round(base)} L${round(cx + (x - cx) * 0.75 - half * 0.07)},${round(base)} Z" fill="${hsl(palette.hue, 75, 45)}"/>`;
  }
  return svg;
}

function cup(cx: number, base: number, size: number, palette: Palette, bottle: boolean): string {
  const half = size * 0.2;
  if (bottle) {
    return (
      `<path d="M${round(cx - half)},${round(base)} L${round(cx - half)},${round(base - size * 0.7)} Q${round(cx - half)},${round(base - size * 0.82)} ${round(cx - half * 0.35)},${round(base - size * 0.9)} L${round(cx - half * 0.35)},${round(base - size)} L${round(cx + half * 0.35)},${round(base - size)} L${round(cx + half * 0.35)},${round(base - size * 0.9)} Q${round(cx + half)},${round(base - size * 0.82)} ${round(cx + half)},${round(base - size * 0.7)} L${round(cx + half)},${round(base)} Z" fill="${hsl(200, 60, 80)}" opacity="0.85"/>` +
      `<rect x="${round(cx - half)}" y="${round(base - size * 0.5)}" width="${round(half * 2)}" height="${round(size * 0.18)}" fill="${hsl(palette.hue, 70, 45)}"/>`
    );
  }
  return (
    `<rect x="${round(cx + half * 0.1)}" y="${round(base - size * 1.15)}" width="${round(size * 0.04)}" height="${round(size * 0.3)}" fill="${palette.accent}" transform="rotate(12 ${round(cx)} ${round(base - size)})"/>` +
    `<path d="M${round(cx - half)},${round(base - size * 0.85)} L${round(cx + half)},${round(base - size * 0.85)} L${round(cx + half * 0.78)},${round(base)} L${round(cx - half * 0.78)},${round(base)} Z" fill="${hsl(palette.hue + 200, 65, 40)}"/>` +
    `<rect x="${round(cx - half * 1.05)}" y="${round(base - size * 0.9)}" width="${round(half * 2.1)}" height="${round(size * 0.06)}" rx="4" fill="#f4f4f4"/>` +
    `<circle cx="${round(cx)}" cy="${round(base - size * 0.45)}" r="${round(half * 0.45)}" fill="#fff" opacity="0.85"/>`
  );
}

function productShapes(product: Product, random: Random, width: number, height: number, palette: Palette): string {
  const cx = width / 2;
  const base = height * 0.72;
  const size = height * 0.5;
  switch (product) {
    case 'popcorn':
      return popcornBucket(random, cx, base, size, palette);
    case 'drink':
      return cup(cx, base, size, palette, false);
    case 'water':
      return cup(cx, base, size, palette, true);
    case 'combo':
      return (
        popcornBucket(random, cx - width * 0.13, base, size * 0.9, palette) +
        cup(cx + width * 0.2, base, size * 0.8, palette, false)
      );
    case 'nachos': {
      let svg = `<ellipse cx="${round(cx)}" cy="${round(base - size * 0.08)}" rx="${round(width * 0.32)}" ry="${round(size * 0.14)}" fill="#1c1c1c"/>`;
      for (let index = 0; index < 16; index += 1) {
        const x = cx + (random() - 0.5) * width * 0.45;
        const y = base - size * between(random, 0.12, 0.35);
        const s = size * between(random, 0.16, 0.24);
        svg += `<path d="M${round(x)},${round(y - s)} L${round(x + s * 0.8)},${round(y + s * 0.4)} L${round(x - s * 0.8)},${round(y + s * 0.4)} Z" fill="${hsl(42, 85, between(random, 55, 68))}" transform="rotate(${round(between(random, -40, 40))} ${round(x)} ${round(y)})"/>`;
      }
      return `${svg}<ellipse cx="${round(cx + width * 0.04)}" cy="${round(base - size * 0.28)}" rx="${round(width * 0.12)}" ry="${round(size * 0.07)}" fill="${hsl(45, 95, 52)}"/>`;
    }
    case 'hotdog':
      return (
        `<rect x="${round(cx - width * 0.3)}" y="${round(base - size * 0.32)}" width="${round(width * 0.6)}" height="${round(size * 0.28)}" rx="${round(size * 0.14)}" fill="${hsl(32, 70, 58)}"/>` +
        `<rect x="${round(cx - width * 0.34)}" y="${round(base - size * 0.36)}" width="${round(width * 0.68)}" height="${round(size * 0.13)}" rx="${round(size * 0.065)}" fill="${hsl(8, 60, 38)}"/>` +
        `<path d="M${round(cx - width * 0.28)},${round(base - size * 0.31)} q${round(width * 0.07)},-18 ${round(width * 0.14)},0 t${round(width * 0.14)},0 t${round(width * 0.14)},0 t${round(width * 0.14)},0" stroke="${hsl(50, 95, 55)}" stroke-width="${round(size * 0.025)}" fill="none"/>`
      );
    case 'candy':
      return (
        `<path d="M${round(cx - width * 0.34)},${round(base - size * 0.38)} L${round(cx - width * 0.26)},${round(base - size * 0.3)} L${round(cx - width * 0.34)},${round(base - size * 0.22)} Z" fill="${palette.accent}"/>` +
        `<path d="M${round(cx + width * 0.34)},${round(base - size * 0.38)} L${round(cx + width * 0.26)},${round(base - size * 0.3)} L${round(cx + width * 0.34)},${round(base - size * 0.22)} Z" fill="${palette.accent}"/>` +
        `<rect x="${round(cx - width * 0.27)}" y="${round(base - size * 0.4)}" width="${round(width * 0.54)}" height="${round(size * 0.2)}" rx="8" fill="${hsl(palette.hue, 70, 35)}"/>` +
        `<rect x="${round(cx - width * 0.12)}" y="${round(base - size * 0.36)}" width="${round(width * 0.24)}" height="${round(size * 0.12)}" rx="6" fill="${hsl(25, 55, 25)}"/>`
      );
  }
}

/** A snack on a lit counter, its name's product drawn (crispetas, a drink, nachos...). */
export function productSvg(name: string, width: number, height: number, random: Random, palette: Palette): string {
  const defs = new Defs();
  const background = `<radialGradient id="spot" cx="0.5" cy="0.38" r="0.7"><stop offset="0" stop-color="${hsl(palette.hue, 55, 45)}"/><stop offset="1" stop-color="${hsl(palette.hue, 50, 8)}"/></radialGradient>`;
  const counter = `<rect y="${round(height * 0.7)}" width="${width}" height="${round(height * 0.3)}" fill="${hsl(palette.hue + 20, 25, 12)}"/><rect y="${round(height * 0.7)}" width="${width}" height="4" fill="${palette.light}" opacity="0.3"/>`;
  const shadow = `<ellipse cx="${round(width / 2)}" cy="${round(height * 0.725)}" rx="${round(width * 0.33)}" ry="${round(height * 0.03)}" fill="${defs.soft('#000', 0.7)}"/>`;
  return svgDocument(
    width,
    height,
    background,
    `<rect width="${width}" height="${height}" fill="url(#spot)"/>${counter}${shadow}${productShapes(productOf(name), random, width, height, palette)}`,
  );
}

// ------------------------------------------------------------------------------------------
// Type

const TITLE_FONT = "'Liberation Sans Narrow', 'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif";
const TEXT_FONT = "'Liberation Sans', 'DejaVu Sans', sans-serif";
/** A condensed bold capital's width, in ems: enough for the widest titles to stay inside. */
const TITLE_EM_PER_CHARACTER = 0.58;

/** The title in at most `maxLines` lines of about equal length, and the font size that fits `width`. */
export function titleLines(
  title: string,
  width: number,
  maxSize: number,
  maxLines = 3,
): { lines: string[]; size: number } {
  const words = title.toUpperCase().split(/\s+/).filter(Boolean);
  let best: { lines: string[]; size: number } = { lines: [title.toUpperCase()], size: 0 };
  for (let count = 1; count <= Math.min(maxLines, words.length); count += 1) {
    const target = words.join(' ').length / count;
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      if (line !== '' && (line + ' ' + word).length > target + 2 && lines.length < count - 1) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line);
    // A line of a number or a short word alone reads as a mistake ("ACTIVACIÓN / 1").
    if (lines.length > 1 && lines.some((entry) => entry.length < 4)) continue;
    const longest = Math.max(...lines.map((entry) => entry.length));
    const size = Math.min(maxSize, width / (longest * TITLE_EM_PER_CHARACTER));
    // The fewest lines that set the title large enough; more lines only when they make it much larger.
    if (size >= maxSize * 0.75) return { lines, size };
    if (size > best.size * 1.12) best = { lines, size };
  }
  return best;
}

export interface PosterText {
  title: string;
  subtitle: string;
  credits: ReadonlyArray<string>;
}

/** A movie poster's type: the studio line, the title over a dark foot, the genre, the billing block. */
export function posterTypeSvg(width: number, height: number, text: PosterText, palette: Palette): string {
  const { lines, size } = titleLines(text.title, width * 0.86, height * 0.1);
  const lineHeight = size * 0.95;
  const creditsTop = height * 0.9;
  const titleBottom = creditsTop - size * 0.75;
  const titleTop = titleBottom - lineHeight * (lines.length - 1);
  const title = lines
    .map(
      (line, index) =>
        `<text x="50%" y="${round(titleTop + index * lineHeight)}" text-anchor="middle" font-family="${TITLE_FONT}" font-weight="700" font-size="${round(size)}" letter-spacing="${round(size * 0.02)}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const credits = text.credits
    .map(
      (line, index) =>
        `<text x="50%" y="${round(creditsTop + index * height * 0.018)}" text-anchor="middle" font-family="${TITLE_FONT}" font-size="${round(height * 0.0135)}" letter-spacing="${round(height * 0.002)}" fill="#fff" opacity="0.72">${escapeXml(line.toUpperCase())}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="foot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient></defs>` +
    `<rect y="${round(titleTop - size * 1.6)}" width="${width}" height="${round(height - titleTop + size * 1.6)}" fill="url(#foot)"/>` +
    `<text x="50%" y="${round(height * 0.055)}" text-anchor="middle" font-family="${TEXT_FONT}" font-size="${round(height * 0.016)}" letter-spacing="${round(height * 0.006)}" fill="#fff" opacity="0.85">VIZIONA PRESENTA</text>` +
    title +
    `<text x="50%" y="${round(titleBottom + size * 0.55)}" text-anchor="middle" font-family="${TEXT_FONT}" font-weight="700" font-size="${round(height * 0.02)}" letter-spacing="${round(height * 0.004)}" fill="${palette.light}">${escapeXml(text.subtitle.toUpperCase())}</text>` +
    credits +
    `<text x="50%" y="${round(height * 0.975)}" text-anchor="middle" font-family="${TITLE_FONT}" font-weight="700" font-size="${round(height * 0.017)}" letter-spacing="${round(height * 0.005)}" fill="#fff">SOLO EN CINES</text></svg>`
  );
}

/** A wide picture's type (banners, rooms, gallery, content pages): the name left, over a shade. */
export function bannerTypeSvg(
  width: number,
  height: number,
  title: string,
  subtitle: string,
  palette: Palette,
): string {
  const { lines, size } = titleLines(title, width * 0.5, height * 0.14, 2);
  const top = height * 0.5 - (lines.length - 1) * size * 0.5;
  const left = width * 0.06;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.78"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
    `<text x="${round(left)}" y="${round(top - size * 1.05)}" font-family="${TEXT_FONT}" font-weight="700" font-size="${round(size * 0.22)}" letter-spacing="${round(size * 0.06)}" fill="${palette.light}">VIZIONA</text>` +
    lines
      .map(
        (line, index) =>
          `<text x="${round(left)}" y="${round(top + index * size * 0.98)}" font-family="${TITLE_FONT}" font-weight="700" font-size="${round(size)}" fill="#fff">${escapeXml(line)}</text>`,
      )
      .join('') +
    (subtitle === ''
      ? ''
      : `<text x="${round(left)}" y="${round(top + (lines.length - 1) * size * 0.98 + size * 0.6)}" font-family="${TEXT_FONT}" font-size="${round(size * 0.3)}" fill="#eee">${escapeXml(subtitle)}</text>`) +
    `</svg>`
  );
}

/** A square's caption (a snack's name on the counter), centred at the foot. */
export function captionTypeSvg(width: number, height: number, title: string, palette: Palette): string {
  const { lines, size } = titleLines(title, width * 0.84, height * 0.085, 2);
  const top = height * 0.86 - (lines.length - 1) * size * 0.5;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    lines
      .map(
        (line, index) =>
          `<text x="50%" y="${round(top + index * size)}" text-anchor="middle" font-family="${TITLE_FONT}" font-weight="700" font-size="${round(size)}" fill="#fff">${escapeXml(line)}</text>`,
      )
      .join('') +
    `<text x="50%" y="${round(height * 0.955)}" text-anchor="middle" font-family="${TEXT_FONT}" font-weight="700" font-size="${round(height * 0.028)}" letter-spacing="${round(height * 0.008)}" fill="${palette.light}">VIZIONA · CONFITERÍA</text></svg>`
  );
}
