// What the end-to-end test files share: Debian's headless Chromium, the paths, and waits.
import { chromium } from 'playwright-core';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const ARTIFACTS = `${ROOT}test-artifacts`;
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Waits until the status says the ratings are done (converged, or rated in one pass). */
export async function finished(page, timeout = 60000) {
  await page.waitForFunction(() => /^(Converged|Rated in one pass)/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    null, { timeout });
}
