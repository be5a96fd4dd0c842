/**
 * Global feedback shared by every island: the loading overlay and the status modal.
 * Islands read these with `useStore` and change them only through the actions below.
 */
import { atom } from 'nanostores';

export interface SpinnerState {
  visible: boolean;
  /** Optional text under the spinner (some mutations show none). */
  text: string;
}

export const $spinner = atom<SpinnerState>({ visible: false, text: '' });

export function showSpinner(text = ''): void {
  $spinner.set({ visible: true, text });
}

export function hideSpinner(): void {
  $spinner.set({ visible: false, text: '' });
}

/** Runs a mutation with the overlay shown, hiding it whatever the outcome. */
export async function withSpinner<T>(text: string, task: () => Promise<T>): Promise<T> {
  showSpinner(text);
  try {
    return await task();
  } finally {
    hideSpinner();
  }
}

export type StatusType = 'success' | 'warning' | 'error';

export interface StatusModalContent {
  type: StatusType;
  title: string;
  subtitle?: string;
  /** Button label; 'Aceptar' unless the spec names another. */
  actionLabel?: string;
  /** Runs after the modal closes, when the person presses the button. */
  onAction?: () => void;
}

export const $statusModal = atom<StatusModalContent | null>(null);

export function openStatusModal(content: StatusModalContent): void {
  $statusModal.set(content);
}

/** Closes the modal and runs its action, if any. */
export function confirmStatusModal(): void {
  const current = $statusModal.get();
  $statusModal.set(null);
  current?.onAction?.();
}
