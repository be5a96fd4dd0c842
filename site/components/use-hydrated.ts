import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * False on the server and while an island hydrates, true after (and at once in a part rendered
 * only in the browser). What the server drew answers nothing until then: a tap is lost, and
 * what was typed is replaced by the form's own values when it takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, onClient, onServer);
}
