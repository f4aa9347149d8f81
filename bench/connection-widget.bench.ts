/**
 * The connection widget's time to interactive in headless Chromium (issue 11): the page of a
 * profile with every sandbox vendor listed, opened BENCH_WIDGET_LOADS times (default 20) on a
 * phone-sized viewport; for each load, the time from navigation start until the DOM is
 * interactive and the Connect buttons are there (Navigation Timing `domInteractive`, and the
 * time until `load`). Prints p50 and p95 of both.
 *
 *   npx ts-node -r tsconfig-paths/register bench/connection-widget.bench.ts
 * (embedded PGlite in memory; set BENCH_DATABASE_URL to use PostgreSQL, which it may empty.)
 */
import { chromium } from 'playwright-core';
import { adminBearer, bearerAuth, createClientApp, createProfile, startTestApp } from '../apps/api/test/support/test-app';

const LOADS = Number(process.env.BENCH_WIDGET_LOADS ?? 20);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function main(): Promise<void> {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) };
  const test = await startTestApp({ sandbox: { autoConsent: null }, env });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const admin = await adminBearer(test, await createClientApp(test, 'Widget bench'));
    const profile = await createProfile(test, admin, { name: 'Ann' });
    const url = (await test.http.get(`/api/v1/profile/${profile.publicId}/connection_widget/`).set(bearerAuth(profile.bearer)).expect(200)).body.url as string;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const interactive: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('[data-connect]').first().waitFor();
      // Evaluated in the page (browser types, not Node's): the navigation entry of this load.
      const timing = (await page.evaluate(
        '(() => { const e = performance.getEntriesByType("navigation")[0]; return { interactive: e.domInteractive, load: e.loadEventEnd }; })()',
      )) as { interactive: number; load: number };
      interactive.push(timing.interactive);
      loaded.push(timing.load);
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`connection widget, ${LOADS} loads: domInteractive p50 ${ms(percentile(interactive, 50))}, p95 ${ms(percentile(interactive, 95))}; ` +
      `load p50 ${ms(percentile(loaded, 50))}, p95 ${ms(percentile(loaded, 95))}`);
  } finally {
    await browser.close();
    await test.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
