/**
 * Telling a person their turn came while they look elsewhere: a notification, when they asked
 * for one on the waiting page. Shown by the site's service worker when it runs (phones show
 * notifications only that way, and its click brings the purchase back), else by the page. A
 * browser without notifications for web pages (iOS outside an installed app) never offers it.
 */
import { WAITING_PAGE_TEXTS as T } from './texts.ts';

/** One notification a turn: a second read of the same turn replaces it instead of adding one. */
const TAG = 'viziona-turno';

export const canNotify = (): boolean => 'Notification' in window;

export const notifyPermission = (): NotificationPermission => (canNotify() ? Notification.permission : 'denied');

export async function askToNotify(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** '¡Es tu turno!' with `body`; a click opens `url` (the purchase). Never throws: the page moves on anyway. */
export async function notifyTurn(body: string, url: string): Promise<void> {
  if (notifyPermission() !== 'granted') return;
  const options: NotificationOptions = { body, tag: TAG, icon: '/icons/icon-192.png', lang: 'es-CO', data: { url } };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.active) {
      await registration.showNotification(T.admittedTitle, options);
      return;
    }
    const shown = new Notification(T.admittedTitle, options);
    shown.addEventListener('click', () => {
      window.focus();
      shown.close();
    });
  } catch {
    // A browser that shows none from a page (Android without the worker): the page itself says it.
  }
}
