import { useId, useState } from 'react';
import type { AlertsView, AlertView } from '#shared/views/alerts.ts';
import { bogotaDate } from '#shared/format/bogota-time.ts';
import { formatReleaseDate } from '#shared/format/dates.ts';
import { Button } from '#site/components/Button.tsx';
import { useHydrated } from '#site/components/use-hydrated.ts';
import { callBff } from '#site/lib/bff-browser.ts';
import { routes } from '#site/lib/routes.ts';
import { ALERT_TEXTS } from './texts.ts';

/**
 * "Mis avisos" on the profile: the person's alerts (rendered by the server, so nothing moves),
 * each with its state and "Cancelar aviso". A refusal is said beside the list; the list is the
 * BFF's answer after each cancellation.
 */
export default function MyAlerts({ initial }: { initial: AlertsView }) {
  const [alerts, setAlerts] = useState<AlertView[]>(initial.alerts);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The server's buttons answer nothing until the island runs: a tap before that would be lost.
  const hydrated = useHydrated();
  const titleId = useId();

  async function cancel(alert: AlertView): Promise<void> {
    setBusy(alert.movie);
    const answer = await callBff('DELETE /alerts/:movie', { params: { movie: alert.movie } });
    setBusy(null);
    if (answer.ok || answer.status === 404) {
      setAlerts(answer.ok ? answer.data.alerts : alerts.filter((kept) => kept.movie !== alert.movie));
      setMessage({ text: ALERT_TEXTS.cancelled(alert.title), error: false });
    } else {
      setMessage({ text: answer.failure.message, error: true });
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-6">
      <h2 id={titleId} className="text-xl font-bold">
        {ALERT_TEXTS.profileTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{ALERT_TEXTS.profileIntro}</p>
      {alerts.length === 0 ? (
        <p className="mt-4">
          {ALERT_TEXTS.empty}{' '}
          <a href={routes.releases} className="font-semibold text-brand underline-offset-4 hover:underline">
            {ALERT_TEXTS.releasesLink}
          </a>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line" aria-label={ALERT_TEXTS.profileTitle}>
          {alerts.map((alert) => (
            <li key={alert.movie} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <a href={alert.path} className="font-semibold underline-offset-4 hover:text-brand hover:underline">
                  {alert.title}
                </a>
                <p className="text-sm text-muted">
                  {alert.sentAt === null
                    ? ALERT_TEXTS.waiting
                    : ALERT_TEXTS.sent(formatReleaseDate(bogotaDate(Date.parse(alert.sentAt))))}
                </p>
              </div>
              <Button
                variant="secondary"
                className="min-h-11 px-4 text-sm"
                aria-label={ALERT_TEXTS.cancelLabel(alert.title)}
                disabled={!hydrated || busy === alert.movie}
                onClick={() => void cancel(alert)}
              >
                {ALERT_TEXTS.cancel}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={`mt-3 text-sm font-semibold ${message?.error ? 'text-danger' : 'text-brand'}`}>
        {message?.text}
      </p>
    </section>
  );
}
