/**
 * The listed hours keep up with the clock. Catalogue pages are shared by caches for minutes,
 * so an hour rendered as a link may start while the page is open or cached: this turns it into
 * 'En curso' (not a link) once it starts and leaves it out once it ends, on load, every few
 * seconds, when the tab comes back and right before a tap on it. The page renders the same
 * states on the server (`ShowtimeGroups.astro`); without JavaScript the purchase route says why.
 */
import { hourStateBetween } from '#shared/booking/showtime-clock.ts';
import { HOUR_TEXTS } from './texts.ts';

/** The classes of an hour chip: a link, and the same box not sold ('En curso'). */
export const HOUR_CHIP_CLASS =
  'flex min-h-11 flex-col items-center justify-center rounded-lg border px-1.5 py-1 text-center leading-tight whitespace-nowrap';
export const OPEN_CHIP_CLASS = `${HOUR_CHIP_CLASS} border-line text-text hover:border-brand hover:text-brand`;
export const PLAYING_CHIP_CLASS = `${HOUR_CHIP_CLASS} border-dashed border-line text-muted`;

const SWEEP_EVERY_MS = 15_000;

function stateOf(item: HTMLElement, now: number) {
  return hourStateBetween(Number(item.dataset.starts), Number(item.dataset.ends), now);
}

/** A started hour's link becomes the same chip without a link, saying 'En curso'. */
function markPlaying(link: HTMLAnchorElement): void {
  const chip = document.createElement('span');
  chip.className = PLAYING_CHIP_CLASS;
  const time = link.querySelector('time');
  if (time) chip.append(time);
  const note = document.createElement('span');
  note.className = 'text-xs';
  note.textContent = HOUR_TEXTS.playing;
  chip.append(note);
  link.replaceWith(chip);
}

/** Brings every listed hour of the page up to `now`; true when something changed. */
function sweep(now = Date.now()): boolean {
  let changed = false;
  for (const item of document.querySelectorAll<HTMLElement>('li[data-starts]:not([hidden])')) {
    const state = stateOf(item, now);
    const link = item.querySelector<HTMLAnchorElement>('a[data-showtime]');
    if (state === 'ended') item.hidden = true;
    else if (state === 'playing' && link) markPlaying(link);
    else continue;
    changed = true;
  }
  if (changed) {
    for (const row of document.querySelectorAll<HTMLElement>('[data-hours-row]'))
      row.hidden = !row.querySelector('li[data-starts]:not([hidden])');
    for (const box of document.querySelectorAll<HTMLElement>('[data-hours]')) {
      const none = box.querySelector<HTMLElement>('[data-hours-none]');
      if (none) none.hidden = !!box.querySelector('[data-hours-row]:not([hidden])');
    }
  }
  return changed;
}

/** A tap on an hour that started since the last sweep is kept from leaving the page. */
function guardTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('a[data-showtime]') : null;
  const item = target?.closest<HTMLElement>('li[data-starts]');
  if (!item || stateOf(item, Date.now()) === 'open') return;
  event.preventDefault();
  event.stopImmediatePropagation();
  sweep();
}

let started = false;

export function keepListedHoursCurrent(): void {
  if (started) return;
  started = true;
  sweep();
  window.setInterval(() => sweep(), SWEEP_EVERY_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && sweep());
  window.addEventListener('pageshow', () => sweep());
  window.addEventListener('click', guardTap, { capture: true });
}
