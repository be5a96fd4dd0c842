/**
 * The header's suggestions: the combobox of the WAI-ARIA pattern (list autocomplete) over the
 * search index, loaded by search-element.ts on the first use of the field. The index comes
 * once (`GET /bff/search/movies`, public and cached) and every keystroke is matched here with
 * the shared rule, so the list follows the fingers without a request.
 *
 * Keys: ↓ and ↑ move through the suggestions (the field keeps the focus, `aria-activedescendant`
 * names the one chosen), Enter opens the chosen movie or, with none chosen, the results page,
 * Escape closes the list, then the phone's field (or empties the desktop's).
 */
import { callBff } from '#site/lib/bff-browser.ts';
import { routes } from '#site/lib/routes.ts';
import { normalizeQuery, prepareMovies, searchMovies, type PreparedMovie } from '#shared/search/movie-search.ts';
import type { SearchMovieView } from '#shared/views/search.ts';
import { searchAddress } from './search-address.ts';
import { SEARCH_TEXTS, STATUS_LABELS, noResultsText, resultCountText } from './texts.ts';

/** Suggestions shown at once; the results page has them all. */
const SHOWN = 6;

interface SearchIndex {
  theater: string;
  movies: PreparedMovie<SearchMovieView>[];
}

let index: Promise<SearchIndex | null> | null = null;

function loadIndex(): Promise<SearchIndex | null> {
  index ??= callBff('GET /search/movies').then((answer) => {
    if (!answer.ok) {
      index = null; // the next use tries again
      return null;
    }
    return { theater: answer.data.theater, movies: prepareMovies(answer.data.movies) };
  });
  return index;
}

interface Option {
  href: string;
  title: string;
  detail: string;
}

const optionOf = (theater: string, movie: SearchMovieView): Option => ({
  href: routes.movie(theater, movie.slug),
  title: movie.title,
  detail: [
    movie.status === 'showing' ? STATUS_LABELS.showing : `${STATUS_LABELS[movie.status]}: ${movie.releaseDateText}`,
    movie.genre,
    movie.director,
  ]
    .filter(Boolean)
    .join(' · '),
});

function optionElement(id: string, option: Option, extra = false): HTMLAnchorElement {
  const link = document.createElement('a');
  link.id = id;
  link.href = option.href;
  link.tabIndex = -1;
  link.setAttribute('role', 'option');
  link.setAttribute('aria-selected', 'false');
  link.className = extra
    ? 'block rounded-xl px-3 py-3 text-sm font-semibold text-brand hover:bg-surface-2 aria-selected:bg-surface-2 aria-selected:outline-2 aria-selected:outline-brand'
    : 'block rounded-xl px-3 py-2 hover:bg-surface-2 aria-selected:bg-surface-2 aria-selected:outline-2 aria-selected:outline-brand';
  const title = document.createElement('span');
  title.className = extra ? '' : 'block truncate font-semibold text-text';
  title.textContent = option.title;
  link.append(title);
  if (option.detail) {
    const detail = document.createElement('span');
    detail.className = 'line-clamp-2 text-sm text-muted';
    detail.textContent = option.detail;
    link.append(detail);
  }
  return link;
}

export function startSuggestions(root: HTMLElement, actions: { close: () => void }): void {
  const form = root.querySelector<HTMLFormElement>('[data-search-panel]');
  const input = root.querySelector<HTMLInputElement>('[data-search-input]');
  const list = root.querySelector<HTMLElement>('[data-search-list]');
  const message = root.querySelector<HTMLElement>('[data-search-message]');
  const status = root.querySelector<HTMLElement>('[data-search-status]');
  if (!form || !input || !list || !message || !status) return;

  let options: HTMLAnchorElement[] = [];
  let active = -1;

  const setActive = (next: number) => {
    options[active]?.setAttribute('aria-selected', 'false');
    active = next;
    const option = options[active];
    if (option) {
      option.setAttribute('aria-selected', 'true');
      option.scrollIntoView({ block: 'nearest' });
      input.setAttribute('aria-activedescendant', option.id);
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  };

  const hide = () => {
    setActive(-1);
    list.hidden = true;
    message.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };

  const showMessage = (text: string) => {
    hide();
    message.textContent = text;
    message.hidden = false;
    status.textContent = text;
  };

  const render = async () => {
    const query = normalizeQuery(input.value);
    if (!query) {
      hide();
      status.textContent = '';
      return;
    }
    const loaded = await loadIndex();
    if (normalizeQuery(input.value) !== query) return; // typed on meanwhile: a newer render follows
    if (!loaded) return showMessage(SEARCH_TEXTS.suggestionsUnavailable);
    const found = searchMovies(loaded.movies, query);
    if (found.length === 0) return showMessage(noResultsText(query));

    const listed = found.slice(0, SHOWN).map((movie) => optionOf(loaded.theater, movie));
    const elements = listed.map((option, position) => optionElement(`${list.id}-${position}`, option));
    elements.push(
      optionElement(
        `${list.id}-todos`,
        { href: searchAddress(query), title: `${SEARCH_TEXTS.seeAll} (${found.length})`, detail: '' },
        true,
      ),
    );
    setActive(-1);
    options = elements;
    list.replaceChildren(...elements);
    message.hidden = true;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    status.textContent = resultCountText(found.length, query);
  };

  const isOpen = () => !list.hidden;

  input.addEventListener('input', () => void render());
  input.addEventListener('keydown', (event) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen()) {
          void render();
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const count = options.length;
        setActive(active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count);
        return;
      }
      case 'Enter': {
        if (event.isComposing) return;
        event.preventDefault();
        const option = options[active];
        window.location.assign(isOpen() && option ? option.href : searchAddress(input.value));
        return;
      }
      case 'Escape': {
        if (isOpen() || !message.hidden) {
          event.preventDefault();
          hide();
        } else if (form.hasAttribute('data-open')) {
          event.preventDefault();
          actions.close();
        } else if (input.value) {
          event.preventDefault();
          input.value = '';
          status.textContent = '';
        }
        return;
      }
      default:
    }
  });
  // The form's own submit (the phone keyboard's search key): straight to the one address.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.location.assign(searchAddress(input.value));
  });
  // A press on a suggestion keeps the focus in the field, so the list stays until the link opens.
  list.addEventListener('pointerdown', (event) => event.preventDefault());
  form.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node) || !form.contains(event.relatedTarget)) hide();
  });
  // Back in the field after leaving it: the list of what it holds again.
  input.addEventListener('focus', () => void render());

  void loadIndex();
  if (input.value) void render();
}
