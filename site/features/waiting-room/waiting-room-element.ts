/**
 * `<vz-waiting-room>`: reads the person's standing from the BFF every few seconds (as often as
 * the answer says: often near the head, rarely far from it, never in step with the others),
 * shows the matching part of the page, says its changes to screen readers politely, and takes
 * the person to the purchase when their turn comes (or when the queue they were in lets
 * everybody through or ends). No framework: the page must ship under 10 KB of JavaScript; the
 * captcha's widget loads only when the event asks for it.
 */
import type { OtherShowtimeView, WaitingRoomStatusView } from '#shared/views/waiting-room.ts';
import { passUntilText, WAITING_ROOM_TEXTS } from '#shared/waiting-room/texts.ts';
import { callBff } from '../../lib/bff-browser.ts';
import { formatNumber } from '../../lib/numbers.ts';
import { routes } from '../../lib/routes.ts';
import { placeFigures, placeSummary, saleHour } from './place-text.ts';
import { WAITING_PAGE_TEXTS as T, WAITING_TAB_TITLES } from './texts.ts';
import { askToNotify, canNotify, notifyPermission, notifyTurn } from './turn-notice.ts';

type Panel = 'loading' | 'prequeue' | 'waiting' | 'admitted' | 'soldout' | 'closed' | 'join' | 'open';

/** When the BFF cannot be reached: ask again a little later. */
const RETRY_SECONDS = 10;

type AltchaElement = HTMLElement & { configure?: (config: Record<string, unknown>) => Promise<void> };

class WaitingRoomElement extends HTMLElement {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #joining = false;
  #captchaRequested = false;
  /** Whether this page has shown the person a queue (then a queue that opens sends them on). */
  #queued = false;
  #lastSummary = '';
  /** The captcha's proof once the widget verified it ('' otherwise). */
  #proof = '';
  /** The page's own title, which the tab's title starts from. */
  #pageTitle = '';
  /** Why this person's last place is gone, once a read said so. */
  #placeLost = false;
  #turnEnded = false;

  connectedCallback(): void {
    this.#pageTitle = document.title;
    void this.#read();
    document.addEventListener('visibilitychange', this.#onVisible);
    this.#part('join-form')?.addEventListener('submit', this.#onJoin);
    this.#part('notify-button')?.addEventListener('click', this.#onNotify);
    this.querySelector('altcha-widget')?.addEventListener('statechange', this.#onCaptcha);
  }

  disconnectedCallback(): void {
    clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this.#onVisible);
  }

  get #showtimeId(): string {
    return this.dataset.showtime ?? '';
  }

  get #purchase(): string {
    return this.dataset.purchase ?? '/';
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

  /** Says `text` through the polite live region, once per change. */
  #say(text: string): void {
    if (text === this.#lastSummary) return;
    this.#lastSummary = text;
    const live = this.querySelector('[data-live]');
    if (live) live.textContent = text;
  }

  /** The tab's title: where the person stands first, then the page's own title. */
  #title(standing: string | null): void {
    document.title = standing === null ? this.#pageTitle : `${standing} · ${this.#pageTitle}`;
  }

  /** 'Avísame cuando sea mi turno' while in line, and what was answered to it. */
  #offerNotice(inLine: boolean): void {
    const permission = notifyPermission();
    this.#show('notify', inLine && canNotify());
    this.#show('notify-button', permission === 'default');
    this.#set('notify-state', permission === 'granted' ? T.notifyOn : permission === 'denied' ? T.notifyBlocked : '');
  }

  readonly #onNotify = (): void => {
    // The worker shows notifications where a page cannot (phones); this page registers it only
    // now, and loads the registration only now (the page's JavaScript stays under its budget).
    void import('../../lib/offline-tickets.ts').then(
      ({ registerServiceWorker }) => registerServiceWorker(),
      // Offline for a moment: the page shows the notification itself where it can.
      () => undefined,
    );
    void askToNotify().then(
      () => this.#offerNotice(true),
      () => this.#offerNotice(true),
    );
  };

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
    const answer = await callBff('GET /waiting-room/showtimes/:showtimeId/status', {
      params: { showtimeId: this.#showtimeId },
      cache: 'no-store',
    });
    if (answer.ok) return this.#render(answer.data);
    this.#closed();
    this.#next(RETRY_SECONDS);
  }

  #render(status: WaitingRoomStatusView): void {
    const inLine = status.status === 'waiting' || status.status === 'not-joined';
    const soldOut = status.showtime.soldOut;
    // Said once by the BFF (the read that finds the place gone); kept on the page from then on.
    this.#placeLost ||= status.placeLost;
    this.#turnEnded ||= status.turnEnded;
    this.#show('place-lost', this.#placeLost);
    this.#show('turn-ended', this.#turnEnded);
    this.#show('leave', inLine && !soldOut);
    this.#show('sign-in', !status.signedIn && inLine && !soldOut);
    const seats = status.showtime.freeSeats;
    this.#show('seats-box', seats !== null && status.status === 'waiting' && !soldOut);
    if (seats !== null) this.#set('free-seats', formatNumber(seats));
    this.#offerNotice(inLine && !soldOut);
    this.#title(null);

    switch (status.status) {
      case 'admitted': {
        this.#panel('admitted');
        const until = status.passUntil === null ? '' : passUntilText(status.passUntil);
        this.#set('pass-until', until);
        this.#say(T.admittedMoving);
        this.#title(WAITING_TAB_TITLES.admitted);
        // Told before the page moves on: a person in another tab learns it from the notification.
        void notifyTurn(until || T.admittedMoving, this.#purchase).finally(() => location.replace(this.#purchase));
        return;
      }
      case 'none':
      case 'free':
        // A queue that lets everybody through, or ended, while this person was in it: on to
        // the purchase. Someone who finds no queue at all is told so and chooses.
        if (this.#queued || status.status === 'free') {
          this.#panel('admitted');
          this.#say(T.admittedMoving);
          location.replace(this.#purchase);
          return;
        }
        this.#panel('open');
        this.#say(T.openTitle);
        return;
      case 'closed':
        this.#closed();
        break;
      case 'not-joined':
        this.#queued = true;
        if (status.captchaRequired) this.#askCaptcha();
        else void this.#join();
        break;
      case 'waiting':
        this.#queued = true;
        if (soldOut) this.#soldOut(status.nextShowtimes);
        else this.#waiting(status);
        break;
    }
    this.#next(status.refreshSeconds);
  }

  #closed(): void {
    this.#panel('closed');
    this.#say(WAITING_ROOM_TEXTS.closed);
  }

  #waiting(status: WaitingRoomStatusView): void {
    const place = status.place;
    if (place === null) {
      this.#panel('waiting');
      this.#show('placing', true);
      this.#show('figures', false);
      this.#say(T.placing);
      return;
    }
    this.#show('placing', false);
    const figures = placeFigures(place);
    this.#title(place.prequeue ? WAITING_TAB_TITLES.prequeue : WAITING_TAB_TITLES.place(figures.position));
    if (place.prequeue) {
      this.#panel('prequeue');
      this.#set('sale-hour', saleHour(place));
      this.#set('waiting', figures.waiting);
    } else {
      this.#panel('waiting');
      this.#show('figures', true);
      this.#show('paused', place.paused);
      this.#set('position', figures.position);
      this.#set('ahead', figures.ahead);
      this.#set('estimate', figures.estimate);
      const bar = this.#part('progress');
      if (bar) {
        bar.setAttribute('aria-valuenow', String(figures.progress));
        bar.setAttribute('aria-valuetext', figures.progressText);
      }
      const fill = this.#part('progress-fill');
      // A CSSOM write, which the Content Security Policy allows (a style attribute it would not).
      if (fill) fill.style.width = `${figures.progress}%`;
      this.#set('progress-text', figures.progressText);
    }
    this.#say(placeSummary(place));
  }

  #soldOut(others: OtherShowtimeView[]): void {
    this.#panel('soldout');
    this.#part('others')?.replaceChildren(...others.map(otherShowtimeItem));
    this.#show('others-intro', others.length > 0);
    this.#show('no-others', others.length === 0);
    this.#say(WAITING_ROOM_TEXTS.soldOut);
  }

  #askCaptcha(): void {
    this.#panel('join');
    this.#say(T.joinTitle);
    if (this.#captchaRequested) return;
    this.#captchaRequested = true;
    const widget = this.querySelector<AltchaElement>('altcha-widget');
    void import('../../components/captcha/altcha-setup.ts').then(
      // As the forms' captcha field does: the BFF verifies the proof of work alone.
      () => widget?.configure?.({ humanInteractionSignature: false }),
      () => {
        // Offline for a moment: the next read tries again.
        this.#captchaRequested = false;
      },
    );
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
    const answer = await callBff('POST /waiting-room/showtimes/:showtimeId/join', {
      params: { showtimeId: this.#showtimeId },
      body: captcha ? { captcha } : {},
    });
    this.#joining = false;
    if (answer.ok) return this.#render(answer.data);
    if (captcha !== undefined) {
      // The captcha's own words ('El captcha no es válido o ya expiró...') when it was refused.
      this.#set('join-error', answer.failure.code.startsWith('CAPTCHA') ? answer.failure.message : T.joinFailed);
      this.#show('join-error', true);
    }
    this.#next(RETRY_SECONDS);
  }
}

/** A link to another showtime of the movie: 'sábado, 28 de noviembre · 7:20 p. m. · Sala 3 · 2D Doblada'. */
function otherShowtimeItem(other: OtherShowtimeView): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = routes.showtime(other.theater, other.movieSlug, other.id);
  link.className =
    'flex min-h-12 flex-col justify-center gap-1 rounded-lg border border-line px-4 py-2 hover:border-brand focus-visible:border-brand sm:flex-row sm:items-center sm:justify-between sm:gap-3';
  const when = document.createElement('span');
  when.className = 'font-semibold';
  when.textContent = `${other.dateText} · ${other.hourText} · ${other.roomName} · ${other.format} ${other.version}`;
  // Read as one sentence; seen as the showtime over (or beside) its free seats.
  const pause = document.createElement('span');
  pause.className = 'sr-only';
  pause.textContent = ', ';
  const free = document.createElement('span');
  free.className = 'shrink-0 text-sm text-muted';
  free.textContent = `${formatNumber(other.freeSeats)} sillas libres`;
  link.append(when, pause, free);
  item.append(link);
  return item;
}

if (!customElements.get('vz-waiting-room')) customElements.define('vz-waiting-room', WaitingRoomElement);
