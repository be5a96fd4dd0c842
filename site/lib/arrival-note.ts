/**
 * A note from the page a person just left to the page they land on, for this tab only
 * (sessionStorage): registration leaves 'just registered', so the landing page opens the
 * verification screen ('Te enviamos un código a …') instead of the promotional popup.
 * The landing page claims the note with its own document's time origin, so the popup (whose
 * script may run before or after the session is read) stays closed on that page only. The note
 * names the page that wrote it, which never claims it: the registration page's own session read
 * may answer after the registration (a slow first read), and would otherwise take the note the
 * landing page is waiting for.
 * Storage refused (private mode): nothing is noted, the header's prompt is still there.
 */
const JUST_REGISTERED_KEY = 'viziona:recien-registrado';
/** An unclaimed note: this prefix and the page that wrote it. */
const UNCLAIMED = 'sin-reclamar:';
const thisPage = (): string => String(performance.timeOrigin);

function read(): string | null {
  try {
    return sessionStorage.getItem(JUST_REGISTERED_KEY);
  } catch {
    return null;
  }
}

function write(value: string): void {
  try {
    sessionStorage.setItem(JUST_REGISTERED_KEY, value);
  } catch {
    // See above.
  }
}

export function noteJustRegistered(): void {
  write(`${UNCLAIMED}${thisPage()}`);
}

/** A note no page has claimed yet, written by another page than this one. */
function unclaimedFromElsewhere(note: string | null): boolean {
  return note !== null && note.startsWith(UNCLAIMED) && note !== `${UNCLAIMED}${thisPage()}`;
}

/** True on the page the person landed on after registering (the popup keeps to itself there). */
export function justRegistered(): boolean {
  const note = read();
  return unclaimedFromElsewhere(note) || note === thisPage();
}

/** Claims the note for this page: true once, on the page that acts on it. */
export function takeJustRegistered(): boolean {
  if (!unclaimedFromElsewhere(read())) return false;
  write(thisPage());
  return true;
}
