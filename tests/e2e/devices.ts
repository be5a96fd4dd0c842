import { devices, type PlaywrightTestOptions } from '@playwright/test';

type Profile = Pick<
  PlaywrightTestOptions,
  'viewport' | 'screen' | 'userAgent' | 'deviceScaleFactor' | 'isMobile' | 'hasTouch'
>;

/**
 * The phone the issue was seen on: 390 × 844 CSS px, mobile layout (the viewport meta tag is
 * honoured, so a too-wide page widens the layout instead of being clipped) and touch.
 * Chromium's Pixel 7 profile (user agent, pixel ratio) at that size.
 */
export const phone: Profile = {
  userAgent: devices['Pixel 7'].userAgent,
  deviceScaleFactor: devices['Pixel 7'].deviceScaleFactor,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** The most common laptop screen of the chain's visitors. */
export const desktop: Profile = {
  userAgent: devices['Desktop Chrome'].userAgent,
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
  viewport: { width: 1366, height: 768 },
  screen: { width: 1366, height: 768 },
};

/** Both screens, for a spec that runs its tests on each (`for (const [name, profile] of profiles)`). */
export const profiles = [
  ['phone', phone],
  ['desktop', desktop],
] as const;
