/**
 * `<vz-waiting-room>`: reads the person's standing from the BFF every few seconds (as often as
 * the answer says: often near the head, rarely far from it, never in step with the others),
 * shows the matching part of the page, says its changes to screen readers politely, and takes
 * the person to the purchase when their turn comes (or when the showtime is not held any more).
 * No framework: the page must ship under 10 KB of JavaScript; the captcha's widget loads only
 * when the event asks for it.
 */
import type { OtherShowtimeView, WaitingRoomStatusView } from '../../../shared/views/waiting-room.ts';
import { bffGet, bffPost } from '../../lib/bff-browser.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { routes } from '../../lib/routes.ts';
import { formatHour } from '../../../shared/format/dates.ts';
import { bogotaTime } from '../../../shared/format/bogota-time.ts';
import { placeFigures, placeSummary, saleHour } from './place-text.ts';
import { WAITING_ROOM_TEXTS } from '../../../shared/waiting-room/texts.ts';

type Panel = 'loading' | 'prequeue' | 'waiting' | 'admitted' | 'soldout' | 'closed' | 'join';

/** When the BFF cannot be reached: ask again a little later. */
const RETRY_SECONDS = 10;

class WaitingRoomElement extends HTMLElement {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #joining = false;
  #captchaLoaded = false;
  #lastSummary = '';
  /** The captcha's proof once the widget verified it ('' otherwise). */
  #proof = '';

  connectedCallback(): void {
    void this.#read();
    document.addEventListener('visibilitychange', this.#onVisible);
    this.#part('join-form')?.addEventListener('submit', this.#onJoin);
    this.querySelector('altcha-widget')?.addEventListener('statechange', this.#onCaptcha);
  }

  disconnectedCallback(): void {
    clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this.#onVisible);
  }

  get #showtimeId(): string {
    return this.dataset.showtime ?? '';
  }

  #part<E extends HTMLElement = HTMLElement>(name: string): E | null {
    return this.querySelector<E>(`[data-field="${name}"]`);
  }

  #set(name: string, text: string): void {
    const part = this.#part(name);
    if (part) part.textContent = text;
  }

  #show(name: string, shown: boolean): void {
    const part = this.#part(name);
    if (part) part.hidden = !shown;
  }

  #panel(shown: Panel): void {
    for (const section of this.querySelectorAll<HTMLElement>('[data-panel]'))
      section.hidden = section.dataset.panel !== shown;
  }

  #say(text: string): void {
    if (text === this.#lastSummary) return;
    this.#lastSummary = text;
    const live = this.querySelector('[data-live]');
    if (live) live.textContent = text;
  }

  readonly #onVisible = (): void => {
    if (document.visibilityState === 'visible') void this.#read();
  };

  #next(seconds: number): void {
    clearTimeout(this.#timer);
    // ±20 %, so thousands of pages do not ask in the same second.
    const jittered = seconds * (0.8 + Math.random() * 0.4);
    this.#timer = setTimeout(() => void this.#read(), jittered * 1000);
  }

  async #read(): Promise<void> {
    const answer = await bffGet<WaitingRoomStatusView>(`/waiting-room/showtimes/${this.#showtimeId}/status`, {
      cache: 'no-store',
    });
    if (!answer.ok) {
      this.#panel('closed');
      this.#next(RETRY_SECONDS);
      return;
    }
    this.#render(answer.data);
  }

  #render(status: WaitingRoomStatusView): void {
    const purchase = this.dataset.purchase ?? '/';
    const inLine = status.status === 'waiting' || status.status === 'not-joined';
    this.#show('place-lost', status.placeLost);
    this.#show('leave', inLine && !status.showtime.soldOut);
    this.#show('sign-in', !status.signedIn && inLine);
    const seats = status.showtime.freeSeats;
    this.#show('seats-box', seats !== null && status.status === 'waiting' && !status.showtime.soldOut);
    if (seats !== null) this.#set('free-seats', formatNumber(seats));

    switch (status.status) {
      case 'none':
      case 'free':
        location.replace(purchase);
        return;
      case 'admitted':
        this.#panel('admitted');
        if (status.passUntil !== null)
          this.#set(
            'pass-until',
            `Tienes hasta las ${formatHour(bogotaTime(status.passUntil))} para elegir tus sillas.`,
          );
        this.#say('¡Es tu turno! Te llevamos a elegir tus sillas.');
        location.replace(purchase);
        return;
      case 'closed':
        this.#panel('closed');
        this.#say(WAITING_ROOM_TEXTS.closed);
        break;
      case 'not-joined':
        if (status.captchaRequired) this.#askCaptcha();
        else void this.#join();
        break;
      case 'waiting':
        if (status.showtime.soldOut) this.#soldOut(status.nextShowtimes);
        else this.#waiting(status);
        break;
    }
    this.#next(status.refreshSeconds);
  }

  #waiting(status: WaitingRoomStatusView): void {
    const place = status.place;
    if (place === null) {
      this.#panel('waiting');
      this.#show('placing', true);
      return;
    }
    this.#show('placing', false);
    const figures = placeFigures(place);
    if (place.prequeue) {
      this.#panel('prequeue');
      this.#set('sale-hour', saleHour(place));
      this.#set('waiting', figures.waiting);
    } else {
      this.#panel('waiting');
      this.#show('paused', place.paused);
      this.#set('position', figures.position);
      this.#set('ahead', figures.ahead);
      this.#set('estimate', figures.estimate);
      const progress = this.#part<HTMLProgressElement>('progress');
      if (progress) progress.value = figures.progress;
    }
    this.#say(placeSummary(place));
  }

  #soldOut(others: OtherShowtimeView[]): void {
    this.#panel('soldout');
    const list = this.#part('others');
    if (list) {
      list.replaceChildren(
        ...others.map((other) => {
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = routes.showtime(other.theater, other.movieSlug, other.id);
          link.className =
            'flex min-h-12 items-center justify-between gap-3 rounded-lg border border-line px-4 py-2 hover:border-brand';
          link.textContent = `${other.dateText} · ${other.hourText} · ${other.roomName} · ${other.format} ${other.version}`;
          const free = document.createElement('span');
          free.className = 'shrink-0 text-sm text-muted';
          free.textContent = `${formatNumber(other.freeSeats)} sillas`;
          link.append(free);
          item.append(link);
          return item;
        }),
      );
    }
    this.#show('others-intro', others.length > 0);
    this.#show('no-others', others.length === 0);
    this.#say(WAITING_ROOM_TEXTS.soldOut);
  }

  #askCaptcha(): void {
    this.#panel('join');
    if (this.#captchaLoaded) return;
    this.#captchaLoaded = true;
    void import('../../components/captcha/altcha-setup.ts').catch(() => {
      this.#captchaLoaded = false;
    });
  }

  readonly #onCaptcha = (event: Event): void => {
    const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
    this.#proof = detail.state === 'verified' && detail.payload ? detail.payload : '';
  };

  readonly #onJoin = (event: Event): void => {
    event.preventDefault();
    void this.#join(this.#proof);
  };

  async #join(captcha?: string): Promise<void> {
    if (this.#joining) return;
    this.#joining = true;
    this.#show('join-error', false);
    const answer = await bffPost<WaitingRoomStatusView>(
      `/waiting-room/showtimes/${this.#showtimeId}/join`,
      captcha ? { captcha } : {},
    );
    this.#joining = false;
    if (answer.ok) {
      this.#render(answer.data);
      return;
    }
    if (captcha !== undefined) this.#show('join-error', true);
    this.#next(RETRY_SECONDS);
  }
}

if (!customElements.get('vz-waiting-room')) customElements.define('vz-waiting-room', WaitingRoomElement);
