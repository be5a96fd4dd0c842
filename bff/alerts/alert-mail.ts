import { createHash } from 'node:crypto';
import type { AlertReason } from '#shared/views/alerts.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';
import type { UnsubscribeUrls } from './unsubscribe-link.ts';

/**
 * The e-mail of a due alert, in Spanish: what happened, one link straight to the movie's page
 * (or its waiting room), where to manage the alerts and how to cancel this one. Plain text and
 * the same in HTML, with the one-click unsubscribe headers of RFC 8058. The paths are the
 * site's (site/lib/routes.ts: `movie`, `waitingRoom`, `profile`, `alertUnsubscribe`).
 */
export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every try of one alert, so a second copy is recognisable as the same message. */
  messageId: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058). */
  headers: Record<string, string>;
}

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const moviePath = (movie: string): string => `/${HOME_THEATER}/pelicula/${segment(movie)}`;
const waitingRoomPath = (movie: string, showtimeId: number): string =>
  `/sala-de-espera/${HOME_THEATER}/${segment(movie)}/${segment(showtimeId)}`;
const PROFILE_PATH = '/mi-perfil';

/** 'Primeras funciones: Martes, 2 de diciembre, 7:00 p. m. y 9:50 p. m.' */
function firstDayText(day: { date: string; hours: string[] }): string {
  const hours = day.hours.map(formatHour);
  const listed = hours.length > 1 ? `${hours.slice(0, -1).join(', ')} y ${hours.at(-1)}` : (hours[0] ?? '');
  return `Primeras funciones: ${formatLongDate(day.date)}, ${listed}.`;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const ZERO_WIDTH_SPACE = '\u200B';

/**
 * A name from the cinema API as mail text: no control characters, and no link a mail client
 * would make of it. Clients turn `https://…`, `www.…`, `name.tld` and `a@b` in plain text (and
 * in HTML text) into links; an invisible zero-width space after each `:`, `/`, `.` and `@`
 * followed by more text breaks them, and the person still reads the title as it is.
 */
function unlinkable(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/([:/.@\\])(?=\S)/g, `$1${ZERO_WIDTH_SPACE}`)
  );
}

export function alertMail(options: {
  to: string;
  movie: string;
  title: string;
  createdAt: number;
  reason: AlertReason;
  waitingRoomShowtimeId: number | null;
  /** The first date still to come and its hours, as the cinema API listed them when the alert became due. */
  firstDay: { date: string; hours: string[] } | null;
  siteOrigin: string;
  unsubscribe: UnsubscribeUrls;
}): AlertMail {
  const { to, movie, reason, siteOrigin, unsubscribe, firstDay } = options;
  const title = unlinkable(options.title);
  // The movie's page opened on the date announced: its hours at once, and an address no cache
  // kept from before the news (an unknown date was redirected, never stored).
  const path =
    reason === 'waiting-room' && options.waitingRoomShowtimeId !== null
      ? waitingRoomPath(movie, options.waitingRoomShowtimeId)
      : `${moviePath(movie)}${firstDay ? `?date=${segment(firstDay.date)}` : ''}`;
  const link = new URL(path, siteOrigin).toString();
  const profile = new URL(PROFILE_PATH, siteOrigin).toString();
  const subject =
    reason === 'waiting-room' ? `Abrió la preventa de ${title}` : `Ya puedes comprar boletas para ${title}`;
  const news =
    reason === 'waiting-room'
      ? `La sala de espera de la preventa de ${title} ya abrió. Entra para tomar tu lugar en la fila:`
      : `Las boletas de ${title} ya están a la venta en Viziona.${firstDay ? ` ${firstDayText(firstDay)}` : ''} Elige tu función:`;
  const footer = `Recibes este correo porque pediste que te avisáramos. Puedes ver y cancelar tus avisos en tu perfil: ${profile}`;
  const cancel = `¿Ya no quieres este aviso? Cancélalo aquí: ${unsubscribe.page}`;
  const text = `Hola,\n\n${news}\n${link}\n\n${footer}\n${cancel}\n\nViziona\n`;
  const html = `<!doctype html><html lang="es-CO"><body style="font-family:sans-serif;line-height:1.5">
<p>Hola,</p>
<p>${escapeHtml(news)}</p>
<p><a href="${escapeHtml(link)}">${reason === 'waiting-room' ? 'Ir a la sala de espera' : 'Comprar boletas'}</a></p>
<p style="color:#555;font-size:14px">Recibes este correo porque pediste que te avisáramos. Puedes ver y cancelar tus avisos en <a href="${escapeHtml(profile)}">tu perfil</a>. ¿Ya no quieres este aviso? <a href="${escapeHtml(unsubscribe.page)}">Cancélalo aquí</a>.</p>
<p>Viziona</p>
</body></html>`;
  const digest = createHash('sha256').update(`${to}\n${movie}\n${options.createdAt}`).digest('hex').slice(0, 32);
  return {
    to,
    subject,
    text,
    html,
    messageId: `<aviso-${digest}@${new URL(siteOrigin).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
