/**
 * What the "Avísame" buttons of a page share: the movies this person asked about (read once per
 * page, only when someone is logged in) and the actions that change them. No framework: it
 * rides on the account corner's session read (through the page's `SessionGate`) and the
 * browser's BFF client, already on every page.
 */
import { atom } from 'nanostores';
import type { BffFailure } from '#site/lib/bff-error.ts';
import { callBff } from '#site/lib/bff-browser.ts';

/** The session as the page hands it to "Avísame" (site/features/account/session-gate.ts). */
export interface SessionGate {
  loggedIn(): Promise<boolean>;
  logIn(closed: (loggedIn: boolean) => void): void;
  verifyEmail(closed: (verified: boolean) => void): void;
}

/** Movies (slugs) with an alert; `undefined` until read (or for a visitor). */
export const $alertedMovies = atom<ReadonlySet<string> | undefined>(undefined);

let loading: Promise<void> | null = null;

/** Reads this person's alerts once per page; a visitor has none. */
export function loadAlertedMovies(gate: SessionGate): Promise<void> {
  loading ??= gate.loggedIn().then(async (loggedIn) => {
    if (!loggedIn) return;
    const answer = await callBff('GET /alerts');
    if (answer.ok) $alertedMovies.set(new Set(answer.data.alerts.map((alert) => alert.movie)));
  });
  return loading;
}

export type AlertChange = { ok: true } | { ok: false; failure: BffFailure };

export async function askAlert(movie: string): Promise<AlertChange> {
  const answer = await callBff('POST /alerts', { body: { movie } });
  if (!answer.ok) return answer;
  $alertedMovies.set(new Set([...($alertedMovies.get() ?? []), movie]));
  return { ok: true };
}

export async function cancelAlert(movie: string): Promise<AlertChange> {
  const answer = await callBff('DELETE /alerts/:movie', { params: { movie } });
  // Already gone (cancelled on another device): what the person wanted.
  if (!answer.ok && answer.status !== 404) return answer;
  $alertedMovies.set(new Set([...($alertedMovies.get() ?? [])].filter((slug) => slug !== movie)));
  return { ok: true };
}

// ---------------------------------------------------------------------------------------
// A visitor's tap: kept while they log in through the dialog, completed after the reload.

const PENDING_KEY = 'viziona:avisame';
/** A pending tap older than this (the person wandered off) is forgotten. */
const PENDING_MS = 15 * 60_000;

export function rememberPendingAlert(movie: string): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ movie, path: window.location.pathname, at: Date.now() }));
}

export function forgetPendingAlert(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** The movie a visitor tapped on this page before logging in, if it is still fresh. */
export function pendingAlert(): string | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as {
      movie?: unknown;
      path?: unknown;
      at?: unknown;
    } | null;
    if (
      pending &&
      typeof pending.movie === 'string' &&
      pending.path === window.location.pathname &&
      typeof pending.at === 'number' &&
      Date.now() - pending.at < PENDING_MS
    )
      return pending.movie;
  } catch {
    // Not ours, or unreadable: forgotten below.
  }
  forgetPendingAlert();
  return null;
}
