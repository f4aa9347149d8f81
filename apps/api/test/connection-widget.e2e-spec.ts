import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from './support/test-app';

const OUTPUT = join(__dirname, 'output');

/**
 * Issue 11 item 6: the connection widget in headless Chromium, with the sandbox's real consent
 * page (no auto consent): connect with Approve and see the source connected with its first
 * records; Deny and come back with error=access_denied. Screenshots in apps/api/test/output/.
 */
describe('connection widget in a browser', () => {
  let test: TestApp;
  let admin: string;
  let browser: Browser;

  const widgetUrl = async (profile: CreatedTestProfile) =>
    (await test.http.get(`/api/v1/profile/${profile.publicId}/connection_widget/`).set(bearerAuth(profile.bearer)).expect(200)).body.url as string;
  const phone = async (): Promise<Page> => browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    test = await startTestApp({ sandbox: { autoConsent: null } });
    admin = await adminBearer(test, await createClientApp(test, 'Widget'));
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await test.close();
  });

  it('connects Strava through the consent page (Approve), then shows it connected with its first records', async () => {
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const page = await phone();
    await page.goto(await widgetUrl(ann));
    const card = page.locator('[data-source="strava"]');
    await expect(card.locator('[data-state]').textContent()).resolves.toBe('not connected');
    await page.screenshot({ path: join(OUTPUT, 'widget-before.png'), fullPage: true });

    await card.getByRole('link', { name: 'Connect' }).click();
    // The sandbox's consent page, as Strava's would be.
    await page.waitForURL((url) => url.toString().startsWith(test.sandboxUrl as string));
    await page.getByLabel('Sandbox user').fill('7001');
    await page.screenshot({ path: join(OUTPUT, 'widget-consent.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back on the widget, connected; the backfill job then pulls the first records.
    await page.waitForURL((url) => url.pathname === '/api/v1/connection_widget/');
    expect(new URL(page.url()).searchParams.get('source')).toBe('strava');
    await expect(page.getByRole('status').textContent()).resolves.toBe('Strava is connected.');
    await expect(card.locator('[data-state]').textContent()).resolves.toBe('connected');
    expect(await test.runJobs()).toBe(1);
    const workouts = await test.http.get(`/api/v1/profile/${ann.publicId}/workout/?page_size=10`).set(bearerAuth(ann.bearer)).expect(200);
    expect(workouts.body.length).toBeGreaterThan(0);
    await page.reload();
    await expect(card.locator('.meta').textContent()).resolves.toMatch(/^Last sync \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await page.screenshot({ path: join(OUTPUT, 'widget-connected.png'), fullPage: true });

    // Disconnect from the widget: the button calls the API, the page reloads.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.locator('[data-state]', { hasText: /^disconnected$/ }).waitFor();
    await card.getByRole('link', { name: 'Connect' }).waitFor();
    const row = await test.dataSource.query('SELECT state, sealed_grant FROM connection WHERE profile_id = $1', [ann.publicId]);
    expect(row).toEqual([{ state: 'disconnected', sealed_grant: null }]);
    await page.close();
  });

  it('comes back with error=access_denied when the person clicks Deny', async () => {
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const page = await phone();
    await page.goto(await widgetUrl(bob));
    await page.locator('[data-source="strava"]').getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL((url) => url.toString().startsWith(test.sandboxUrl as string));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.pathname === '/api/v1/connection_widget/');
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
    await expect(page.getByRole('status').textContent()).resolves.toBe('Access to Strava was not granted.');
    // The person can try again from here.
    await page.locator('[data-source="strava"]').getByRole('link', { name: 'Reconnect' }).waitFor();
    await page.screenshot({ path: join(OUTPUT, 'widget-denied.png'), fullPage: true });
    await page.close();
  });
});
