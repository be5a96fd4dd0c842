import type { AlertsView } from '#shared/views/alerts.ts';
import type { BffCaller } from '#site/lib/bff-server.ts';
import { callBff } from '#site/lib/bff-server.ts';
import { logServerError } from '#site/lib/server-log.ts';

/**
 * Whether the pages show "Avísame": the BFF's public flag (a mail relay is configured), a
 * cached read like the catalogue's. When it cannot be read the button is left out.
 */
export async function alertsEnabled(caller: BffCaller): Promise<boolean> {
  const result = await callBff(caller, 'GET /alerts/availability');
  if (!result.ok) logServerError('alerts availability unavailable', { code: result.failure.code });
  return result.ok && result.data.enabled;
}

/** The person's alerts for the profile page; null when there is nothing to show (no relay and none kept, or unreadable). */
export async function loadAlerts(caller: BffCaller): Promise<AlertsView | null> {
  const result = await callBff(caller, 'GET /alerts');
  if (!result.ok) {
    if (result.status !== 401) logServerError('alerts unavailable', { code: result.failure.code });
    return null;
  }
  return result.data.enabled || result.data.alerts.length > 0 ? result.data : null;
}
