import { useState } from 'react';

/**
 * Stays true once `wanted` has been true, so a lazily loaded dialog stays mounted after it
 * closes (it closes, and hands the focus back, as a dialog) instead of vanishing.
 */
export function useWantedOnce(wanted: boolean): boolean {
  const [once, setOnce] = useState(wanted);
  if (wanted && !once) setOnce(true);
  return once || wanted;
}
