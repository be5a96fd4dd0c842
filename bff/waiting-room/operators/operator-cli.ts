import { parseArgs } from 'node:util';
import { DEV_SECRETS } from '#shared/dev-secrets.ts';
import { bogotaDate, bogotaInstant } from '#shared/format/bogota-time.ts';
import { OPERATOR_ACTIONS, type OperatorAction } from '#shared/waiting-room/event.ts';
import type { OperatorEventView } from './operator-views.ts';

/**
 * `npm run waiting-room -- <command>`: the operators' waiting room, through a BFF replica's
 * operations port (any replica: the events live in the shared store). Commands:
 *
 *   list | show <id>
 *   create <id> --name "Fiesta del Cine" (--all | --showtimes 12,13 | --movies slug,slug)
 *          --prequeue 09:30 --sale 10:00 [--date 2026-12-01] --max-buyers 400 --per-minute 300
 *          [--ttl 300] [--captcha]
 *   set <id> [--max-buyers N] [--per-minute N] [--ttl S] [--captcha | --no-captcha]
 *            [--prequeue T] [--sale T] [--date D]
 *   open | pause | resume | free | end <id>
 *   revoke <id> (--email someone@example.com | --ticket <ticket id>)
 *
 * Times: 'HH:MM' in Bogotá (today, or --date), '+15m' / '+2h' from now, 'now', or ISO 8601.
 * The replica: --ops http://host:port, else OPS_URL, else http://127.0.0.1:$OPS_PORT.
 * The operator token: OPS_TOKEN, the replica's own (the development default when unset, which
 * only a development BFF accepts).
 */

const USAGE = `usage: npm run waiting-room -- <list|show|create|set|open|pause|resume|free|end|revoke> [id] [options]
  create <id> --name TEXT (--all | --showtimes 1,2 | --movies slug,slug) --prequeue T --sale T
         --max-buyers N --per-minute N [--ttl SECONDS] [--captcha] [--date YYYY-MM-DD]
  set <id> [--max-buyers N] [--per-minute N] [--ttl SECONDS] [--captcha | --no-captcha] [--prequeue T] [--sale T]
  revoke <id> (--email ADDRESS | --ticket ID)
  T: HH:MM in Bogotá (today or --date), +15m, +2h, now, or ISO 8601.  --ops URL  --json
  The operator token comes from OPS_TOKEN (the replica's own).`;

class UsageError extends Error {}

/** An instant as the operator wrote it, as ISO 8601 with Bogotá's offset (or UTC). */
export function instantOf(text: string, date: string | undefined, now: number): string {
  const value = text.trim();
  if (value === 'now') return new Date(now).toISOString();
  const relative = /^\+(\d+)([mh])$/.exec(value);
  if (relative) return new Date(now + Number(relative[1]) * (relative[2] === 'h' ? 3_600_000 : 60_000)).toISOString();
  if (/^\d{1,2}:\d{2}$/.test(value)) {
    const instant = bogotaInstant(date ?? bogotaDate(now), `${value.padStart(5, '0')}:00`);
    if (Number.isNaN(instant.getTime())) throw new UsageError(`not a time: ${text}`);
    return instant.toISOString();
  }
  if (Number.isNaN(Date.parse(value))) throw new UsageError(`not a time: ${text}`);
  return value;
}

const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const wholeNumber = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${name} takes a whole number`);
  return Number(text);
};

function opsOrigin(given: string | undefined): string {
  if (given) return given.replace(/\/+$/, '');
  if (process.env.OPS_URL) return process.env.OPS_URL.replace(/\/+$/, '');
  if (process.env.OPS_PORT) return `http://127.0.0.1:${process.env.OPS_PORT}`;
  throw new UsageError('say which replica: --ops http://host:port, OPS_URL or OPS_PORT');
}

function summary(event: OperatorEventView): string {
  const f = event.figures;
  const scope =
    event.scope.kind === 'all'
      ? 'todas las funciones'
      : event.scope.kind === 'showtimes'
        ? `funciones ${event.scope.showtimeIds.join(', ')}`
        : `películas ${event.scope.movieSlugs.join(', ')}`;
  return [
    `${event.id} · ${event.name} · ${event.state} (${event.phase}) · ${scope}`,
    `  fila previa ${event.preQueueStartsAt} · venta ${event.saleStartsAt}`,
    `  ${event.maxBuyers} comprando a la vez · ${event.admissionsPerMinute} nuevos por minuto · pase sin usar ${event.admissionTtlSeconds} s · captcha ${event.captcha ? 'sí' : 'no'}`,
    `  en fila ${f.waiting} · comprando ${f.buying} · admitidos ${f.admitted} (${f.admittedPerMinute ?? '–'} por minuto) · espera p50 ${f.waitP50Seconds ?? '–'} s, p95 ${f.waitP95Seconds ?? '–'} s`,
    `  pases usados ${f.passes.used} · vencidos ${f.passes.expired} · revocados ${f.passes.revoked} · abandonados ${f.passes.abandoned}`,
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    allowNegative: true,
    options: {
      ops: { type: 'string' },
      json: { type: 'boolean' },
      name: { type: 'string' },
      all: { type: 'boolean' },
      showtimes: { type: 'string' },
      movies: { type: 'string' },
      prequeue: { type: 'string' },
      sale: { type: 'string' },
      date: { type: 'string' },
      'max-buyers': { type: 'string' },
      'per-minute': { type: 'string' },
      ttl: { type: 'string' },
      captcha: { type: 'boolean' },
      email: { type: 'string' },
      ticket: { type: 'string' },
    },
  });
  const [command, id] = positionals;
  if (!command) throw new UsageError(USAGE);
  const now = Date.now();
  const origin = opsOrigin(values.ops);

  async function send(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/waiting-room${path}`, {
      method,
      headers: {
        authorization: `Bearer ${process.env.OPS_TOKEN || DEV_SECRETS.OPS_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 401)
      throw new Error('401: the replica refused the operator token: set OPS_TOKEN to its value');
    if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }
  const print = (answer: unknown) => {
    if (values.json) return console.log(JSON.stringify(answer, null, 2));
    const events = (answer as { events?: OperatorEventView[] }).events ?? [answer as OperatorEventView];
    if (events.length === 0) return console.log('no hay eventos');
    console.log(events.map(summary).join('\n\n'));
  };
  const needId = (): string => {
    if (!id) throw new UsageError(`${command} needs the event id\n${USAGE}`);
    return id;
  };
  const times = () => ({
    ...(values.prequeue ? { preQueueStartsAt: instantOf(values.prequeue, values.date, now) } : {}),
    ...(values.sale ? { saleStartsAt: instantOf(values.sale, values.date, now) } : {}),
  });
  const limits = () => ({
    ...(values['max-buyers'] === undefined ? {} : { maxBuyers: wholeNumber('max-buyers', values['max-buyers']) }),
    ...(values['per-minute'] === undefined
      ? {}
      : { admissionsPerMinute: wholeNumber('per-minute', values['per-minute']) }),
    ...(values.ttl === undefined ? {} : { admissionTtlSeconds: wholeNumber('ttl', values.ttl) }),
    ...(values.captcha === undefined ? {} : { captcha: values.captcha }),
  });

  switch (command) {
    case 'list':
      return print(await send('GET', '/events'));
    case 'show':
      return print(await send('GET', `/events/${encodeURIComponent(needId())}`));
    case 'create': {
      const scope = values.all
        ? { kind: 'all' }
        : values.showtimes
          ? { kind: 'showtimes', showtimeIds: list(values.showtimes).map(Number) }
          : values.movies
            ? { kind: 'movies', movieSlugs: list(values.movies) }
            : null;
      if (!scope) throw new UsageError('create needs --all, --showtimes or --movies');
      if (!values.name || !values.prequeue || !values.sale)
        throw new UsageError('create needs --name, --prequeue and --sale');
      return print(await send('POST', '/events', { id: needId(), name: values.name, scope, ...times(), ...limits() }));
    }
    case 'set':
      return print(await send('PATCH', `/events/${encodeURIComponent(needId())}`, { ...times(), ...limits() }));
    case 'revoke': {
      const body = values.email ? { email: values.email } : values.ticket ? { ticket: values.ticket } : null;
      if (!body) throw new UsageError('revoke needs --email or --ticket');
      const answer = await send('POST', `/events/${encodeURIComponent(needId())}/passes/revoke`, body);
      return console.log(JSON.stringify(answer));
    }
    default:
      if (!(OPERATOR_ACTIONS as readonly string[]).includes(command)) throw new UsageError(USAGE);
      return print(await send('POST', `/events/${encodeURIComponent(needId())}/${command as OperatorAction}`));
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
