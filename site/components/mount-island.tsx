/**
 * Mounts a React component at the end of the page, outside Astro's islands: for the parts
 * every page may need but few visitors use (the account dialogs, the loading overlay and
 * status modal), which load only when first needed, so content pages ship no React on load.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

export function mountIsland(Component: ComponentType, name: string): void {
  const host = document.createElement('div');
  host.dataset.island = name;
  document.body.append(host);
  createRoot(host).render(<Component />);
}
