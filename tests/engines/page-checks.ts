/**
 * What the engine tests read from a page, run inside it (each function is sent as source and
 * must not close over anything).
 */

/** The page scrolls sideways: its content is wider than the window. */
export function sidewaysOverflow(): { scrollWidth: number; clientWidth: number } | null {
  const { scrollWidth, clientWidth } = document.documentElement;
  return scrollWidth > clientWidth ? { scrollWidth, clientWidth } : null;
}

/** Strips matching `selector` that draw a scrollbar (their box is taller than what they show plus borders). */
export function visibleScrollbars(selector: string): string[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((strip) => {
    const style = getComputedStyle(strip);
    const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const bar = strip.offsetHeight - strip.clientHeight - borders;
    return bar > 0 ? [`${strip.tagName.toLowerCase()}${strip.id ? `#${strip.id}` : ''}: ${bar} px`] : [];
  });
}

/** Whether a strip still scrolls sideways: it overflows, and scrolling it moves it. */
export function scrollsSideways(selector: string): boolean {
  const strip = document.querySelector<HTMLElement>(selector);
  if (!strip || strip.scrollWidth <= strip.clientWidth) return false;
  // To its end: a strip that snaps would take a short scroll back to where it was.
  const before = strip.scrollLeft;
  strip.scrollTo({ left: strip.scrollWidth, behavior: 'instant' });
  const moved = strip.scrollLeft > before;
  strip.scrollTo({ left: before, behavior: 'instant' });
  return moved;
}

/** The first element matching `selector` lies wholly inside the window (a dialog a person must reach). */
export function insideWindow(selector: string): boolean {
  const element = document.querySelector(selector);
  if (!element) return false;
  const box = element.getBoundingClientRect();
  return box.left >= -1 && box.top >= -1 && box.right <= innerWidth + 1 && box.bottom <= innerHeight + 1;
}

/** The ticket page's QR images: the code each stands for, and its pixels as a camera would read them. */
export async function qrImages(): Promise<
  Array<{ code: string | null; width: number; height: number; pixels: number[] }>
> {
  const images = [...document.querySelectorAll<HTMLImageElement>('img[data-ticket-code]')];
  return Promise.all(
    images.map(async (image) => {
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d');
      context?.drawImage(image, 0, 0);
      const data = context?.getImageData(0, 0, canvas.width, canvas.height);
      return {
        code: image.getAttribute('data-ticket-code'),
        width: canvas.width,
        height: canvas.height,
        pixels: data ? Array.from(data.data) : [],
      };
    }),
  );
}

/**
 * Where in the window a finger pressing `element` lands: a point whose hit test is the element
 * (or inside it); null when none shows. First as a person does: the element scrolled to the
 * middle of its own scroll box (the seat map scrolls sideways when zoomed in on a phone, and a
 * row off screen is left unpainted by `content-visibility: auto` until it nears the screen),
 * then, after two frames for the page to paint there, the window hit-tested; failing that, the
 * page scrolled down from its top until one shows. WebKitGTK places boxes inside a CSS `zoom`
 * (the seat map on a phone) at their unzoomed place for WebDriver, so its own click finds the
 * seat out of sight.
 */
export async function pointOn(element: Element): Promise<{ x: number; y: number } | null> {
  const scan = (): { x: number; y: number } | null => {
    for (let y = 3; y < innerHeight; y += 6) {
      for (let x = 3; x < innerWidth; x += 6) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === element || element.contains(hit))) return { x, y };
      }
    }
    return null;
  };
  const painted = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  await painted();
  const here = scan();
  if (here) return here;
  window.scrollTo({ top: 0, behavior: 'instant' });
  for (let page = 0; page < 20; page += 1) {
    await painted();
    const found = scan();
    if (found) return found;
    const before = window.scrollY;
    window.scrollBy({ top: innerHeight / 2, behavior: 'instant' });
    if (window.scrollY === before) return null;
  }
  return null;
}

export function currentPath(): string {
  return location.pathname;
}

/** Where the page is and whether it has finished loading (its modules included). */
export function loadedPath(): string | null {
  return document.readyState === 'complete' ? location.pathname : null;
}
