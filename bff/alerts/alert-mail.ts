import { createHash } from 'node:crypto';
import type { AlertReason } from '#shared/views/alerts.ts';
import { formatHour, formatLongDate } from '#shared/format/dates.ts';
import { HOME_THEATER } from '#shared/views/catalogue.ts';

/**
 * The e-mail of a due alert, in Spanish: what happened, one link straight to the movie's page
 * (or its waiting room), and where to manage the alerts. Plain text and the same in HTML.
 * The paths are the site's (site/lib/routes.ts: `movie`, `waitingRoom`, `profile`).
 */
export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every try of one alert, so a second copy is recognisable as the same message. */
  messageId: string;
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
}): AlertMail {
  const { to, movie, title, reason, siteOrigin, firstDay } = options;
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
  const text = `Hola,\n\n${news}\n${link}\n\n${footer}\n\nViziona\n`;
  const html = `<!doctype html><html lang="es-CO"><body style="font-family:sans-serif;line-height:1.5">
<p>Hola,</p>
<p>${escapeHtml(news)}</p>
<p><a href="${escapeHtml(link)}">${reason === 'waiting-room' ? 'Ir a la sala de espera' : 'Comprar boletas'}</a></p>
<p style="color:#555;font-size:14px">Recibes este correo porque pediste que te avisáramos. Puedes ver y cancelar tus avisos en <a href="${escapeHtml(profile)}">tu perfil</a>.</p>
<p>Viziona</p>
</body></html>`;
  const digest = createHash('sha256').update(`${to}\n${movie}\n${options.createdAt}`).digest('hex').slice(0, 32);
  return { to, subject, text, html, messageId: `<aviso-${digest}@${new URL(siteOrigin).hostname}>` };
}
