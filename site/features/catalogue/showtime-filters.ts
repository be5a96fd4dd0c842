/**
 * The showtime filters of the billboard, a movie page and a room page: version, format and
 * room, combinable with the date, kept in the address's query. Pages are shared by caches
 * keyed on the whole address, so a listing accepts one spelling of each filter set only (the
 * canonical query: known keys, this order, values the catalogue has) and sends anything else
 * to it; the number of cached copies is bounded by the catalogue's own data.
 */
import type { BillboardWeekView, ShowtimeGroupView } from '#shared/views/catalogue.ts';

/** The filter keys, in the canonical query's order (after `date`). */
export const FILTER_KEYS = ['version', 'format', 'room'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Chosen values, each a `filterValue`, at most one per key. */
export type ShowtimeFilters = Partial<Record<FilterKey, string>>;

export interface FilterOption {
  /** What the query carries: 'doblada', '3d', 'sala-2'. */
  value: string;
  /** What the page shows: 'Doblada', '3D', 'Sala 2'. */
  label: string;
}

/** The values each filter can take somewhere in a listing, in display order. */
export type FilterChoices = Record<FilterKey, FilterOption[]>;

/** A listing's query: the chosen date (null: the first) and the filters. */
export interface ListingQuery {
  date: string | null;
  filters: ShowtimeFilters;
}

export interface ListingRules {
  /** The dates the listing offers; null when its date is not in the query (a fragment's path holds it). */
  dates: readonly string[] | null;
  /** Every value the catalogue has for the listing, whatever the date. */
  choices: FilterChoices;
  /** The filters the listing offers (a room page has no room filter). */
  keys: readonly FilterKey[];
}

/** No catalogue value is near this long; longer input is not even looked at. */
const LONGEST_VALUE = 64;

/** A catalogue text as a query value: 'Subtitulada' → 'subtitulada', 'Sala VIP 1' → 'sala-vip-1'. */
export function filterValue(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function labelOf(group: ShowtimeGroupView, key: FilterKey): string {
  if (key === 'version') return group.version;
  if (key === 'format') return group.format;
  return group.roomName;
}

const byLabel = (a: FilterOption, b: FilterOption): number =>
  a.label.localeCompare(b.label, 'es-CO', { numeric: true });

/** The values each filter takes in these groups ('Sala 2' before 'Sala 10'). */
export function filterChoices(groups: Iterable<ShowtimeGroupView>): FilterChoices {
  const found: Record<FilterKey, Map<string, string>> = { version: new Map(), format: new Map(), room: new Map() };
  for (const group of groups) {
    for (const key of FILTER_KEYS) {
      const label = labelOf(group, key);
      const value = filterValue(label);
      if (value && !found[key].has(value)) found[key].set(value, label);
    }
  }
  const options = (key: FilterKey): FilterOption[] =>
    [...found[key]].map(([value, label]) => ({ value, label })).sort(byLabel);
  return { version: options('version'), format: options('format'), room: options('room') };
}

/** Every group of every movie of every date of the billboard. */
export function billboardGroups(week: BillboardWeekView): ShowtimeGroupView[] {
  return week.days.flatMap((day) => day.movies.flatMap((movie) => movie.groups));
}

/** What a listing accepts, from its own data: its dates (null: not in its query) and every group of every date. */
export function listingRules(
  dates: ReadonlyArray<{ date: string }> | null,
  groups: Iterable<ShowtimeGroupView>,
  keys: readonly FilterKey[] = FILTER_KEYS,
): ListingRules {
  return { dates: dates && dates.map((option) => option.date), choices: filterChoices(groups), keys };
}

/**
 * What a listing makes of its query: the first `date` when the listing offers it, and per
 * offered filter the first value when the catalogue has it (matched as `filterValue`, so
 * '3D' and '3d' are one value). Anything else (unknown keys, `version[]=`, unknown or
 * over-long values, repeats) is left out.
 */
export function readListingQuery(params: URLSearchParams, rules: ListingRules): ListingQuery {
  const askedDate = params.get('date');
  const date = rules.dates && askedDate !== null && rules.dates.includes(askedDate) ? askedDate : null;
  const filters: ShowtimeFilters = {};
  for (const key of rules.keys) {
    const asked = params.get(key);
    if (asked === null || asked.length > LONGEST_VALUE) continue;
    const value = filterValue(asked);
    if (rules.choices[key].some((option) => option.value === value)) filters[key] = value;
  }
  return { date, filters };
}

/** The canonical query ('' or '?date=…&version=…&format=…&room=…'). */
export function listingQueryString(query: ListingQuery): string {
  const params = new URLSearchParams();
  if (query.date) params.set('date', query.date);
  for (const key of FILTER_KEYS) {
    const value = query.filters[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Where to send a request whose query is not the canonical spelling of what it asked for, or
 * null when it is. `url` is the request's own (its query as sent: `%64oblada`, a repeated key
 * or a bare `?` are other addresses to a cache); `path` is the listing's own path.
 */
export function canonicalRedirect(url: URL, path: string, query: ListingQuery): string | null {
  const start = url.href.indexOf('?');
  const end = url.href.indexOf('#');
  const asked = start < 0 ? '' : url.href.slice(start, end < 0 ? undefined : end);
  const canonical = listingQueryString(query);
  return asked === canonical ? null : `${path}${canonical}`;
}

/**
 * A listing's query read from the request, and where to send the request instead when its
 * query is not written the canonical way (`redirect`, else null).
 */
export function resolveListingQuery(
  url: URL,
  path: string,
  rules: ListingRules,
): { query: ListingQuery; redirect: string | null } {
  const query = readListingQuery(url.searchParams, rules);
  return { query, redirect: canonicalRedirect(url, path, query) };
}

export function isFiltered(filters: ShowtimeFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

function matches(group: ShowtimeGroupView, filters: ShowtimeFilters): boolean {
  return FILTER_KEYS.every((key) => {
    const wanted = filters[key];
    return wanted === undefined || filterValue(labelOf(group, key)) === wanted;
  });
}

/** The groups (format · version · room) the filters let through. */
export function filterGroups(groups: readonly ShowtimeGroupView[], filters: ShowtimeFilters): ShowtimeGroupView[] {
  return groups.filter((group) => matches(group, filters));
}

/** The movies with at least one group the filters let through, each with those groups only. */
export function filterMovies<Movie extends { groups: ShowtimeGroupView[] }>(
  movies: readonly Movie[],
  filters: ShowtimeFilters,
): Movie[] {
  return movies
    .map((movie) => ({ ...movie, groups: filterGroups(movie.groups, filters) }))
    .filter((movie) => movie.groups.length > 0);
}

export interface FilterLink {
  label: string;
  href: string;
  current: boolean;
}

export interface FilterGroupLinks {
  key: FilterKey;
  /** 'Versión', 'Formato', 'Sala'. */
  label: string;
  /** The first link ('Todas'/'Todos': this filter off), then one per value. */
  links: FilterLink[];
}

const GROUP_LABELS: Record<FilterKey, { label: string; all: string }> = {
  version: { label: 'Versión', all: 'Todas' },
  format: { label: 'Formato', all: 'Todos' },
  room: { label: 'Sala', all: 'Todas' },
};

/** A link to the listing on `date` with these filters, back at the section `anchor`. */
export function listingHref(date: string, filters: ShowtimeFilters, anchor: string): string {
  return `${listingQueryString({ date, filters })}#${anchor}`;
}

/**
 * The filter links of one date's panel. A filter is offered when that date has two values
 * of it or more (one value filters nothing), or when it is chosen (so it can be undone, even
 * on a date without that value). Its links keep the other filters and the date.
 */
export function filterLinks(
  dayGroups: Iterable<ShowtimeGroupView>,
  date: string,
  filters: ShowtimeFilters,
  rules: Pick<ListingRules, 'choices' | 'keys'>,
  anchor: string,
): FilterGroupLinks[] {
  const ofDay = filterChoices(dayGroups);
  return rules.keys.flatMap((key): FilterGroupLinks[] => {
    const chosen = filters[key];
    const options = [...ofDay[key]];
    const chosenOption = rules.choices[key].find((option) => option.value === chosen);
    if (chosenOption && !options.some((option) => option.value === chosen)) options.push(chosenOption);
    if (options.length < 2 && chosen === undefined) return [];
    const others = { ...filters };
    delete others[key];
    return [
      {
        key,
        label: GROUP_LABELS[key].label,
        links: [
          { label: GROUP_LABELS[key].all, href: listingHref(date, others, anchor), current: chosen === undefined },
          ...options.sort(byLabel).map((option) => ({
            label: option.label,
            href: listingHref(date, { ...others, [key]: option.value }, anchor),
            current: option.value === chosen,
          })),
        ],
      },
    ];
  });
}
