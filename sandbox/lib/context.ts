import type { Socket } from 'node:net';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { PhotoStore } from '../catalogue/photos.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { SandboxSecrets } from './config.ts';
import type { GoogleWalletDouble } from '../routes/google-wallet.ts';

export type ImageStyle = 'photos' | 'placeholders';

/** What every route module needs; built once by buildSandbox. */
export interface SandboxContext {
  db: Database;
  clock: Clock;
  secrets: SandboxSecrets;
  catalogue: Catalogue;
  /** Base of the site's links (reset links, PSE return). */
  siteUrl: string;
  /** Base of the sandbox's own absolute URLs; from the request when undefined. */
  publicUrl: string | undefined;
  /** What image URLs point at: photo-like JPEGs (the default) or the small SVG placeholders. */
  images: ImageStyle;
  photos: PhotoStore;
  /**
   * Set by POST /sandbox/outage: while down, the API drops its connections; while hung, it
   * takes requests and never answers them (`held`, dropped when the hang is lifted).
   */
  outage: { down: boolean; hung: boolean; held: Set<Socket> };
  /** What the stand-in for Google's Wallet API and token endpoint holds (routes/google-wallet.ts). */
  googleWallet: GoogleWalletDouble;
}
