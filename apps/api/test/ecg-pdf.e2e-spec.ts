import { AppFeatureRepository, AppRepository, GrantAppFeatureUseCase, RevokeAppFeatureUseCase } from '@strive/domain';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { APP_FEATURE_REPOSITORY, APP_REPOSITORY } from '../src/system/tokens';
import {
  adminBearer, AppCredentials, basic, bearerAuth, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');

/** Samples at `hz` from 0 to `seconds` included, each `value(t)` microvolts. */
function samples(hz: number, seconds: number, value: (t: number) => number): [number, number][] {
  return Array.from({ length: seconds * hz + 1 }, (_, i) => [i / hz, value(i / hz)]);
}

/**
 * The test signal: a 5 mV offset (a device's baseline, which the chart centres) with a 1 mV
 * pulse from 0.4 s to 0.6 s of every second. 12 s: two strips on one page.
 */
const pulses = samples(250, 12, (t) => 5000 + (t % 1 >= 0.4 && t % 1 < 0.6 ? 1000 : 0));

const ecg = (externalId: string, start: string, extra: Record<string, unknown> = {}) => ({
  external_id: externalId, start_time: start, sampling_frequency: 250, classification: 'SINUS_RHYTHM', average_heart_rate: 66,
  lead: 'I', samples: pulses, ...extra,
});

async function pdfText(pdf: Buffer, dir: string): Promise<string> {
  const path = join(dir, `text-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, pdf);
  const { stdout } = await run('pdftotext', ['-layout', path, '-']);
  return stdout;
}

async function pageCount(pdf: Buffer, dir: string): Promise<number> {
  const path = join(dir, `info-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, pdf);
  const { stdout } = await run('pdfinfo', [path]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

describe('ECG PDF (GET profile/{id}/ecg_recordings/pdf/)', () => {
  let test: TestApp;
  let credentials: AppCredentials;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  let otherAppProfile: CreatedTestProfile;
  let dir: string;

  const pdfPath = (profile: CreatedTestProfile) => `/api/v1/profile/${profile.publicId}/ecg_recordings/pdf/`;
  const get = (query: string, profile: CreatedTestProfile = ann, bearer = ann.bearer) =>
    test.http.get(`${pdfPath(profile)}?${query}`).set(bearerAuth(bearer)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const problemOf = (body: Buffer) => JSON.parse(body.toString('utf8'));
  // The CLI's use cases on the server's own adapters (the CLI itself is tested at the end, on an embedded database).
  const features = () => test.app.get<AppFeatureRepository>(APP_FEATURE_REPOSITORY);
  const apps = () => test.app.get<AppRepository>(APP_REPOSITORY);
  const grant = () => new GrantAppFeatureUseCase(apps(), features(), { now: () => new Date() }).execute({ clientId: credentials.clientId, feature: 'ecg_pdf' });
  const revoke = () => new RevokeAppFeatureUseCase(apps(), features()).execute({ clientId: credentials.clientId, feature: 'ecg_pdf' });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'strive-ecg-'));
    test = await startTestApp();
    credentials = await createClientApp(test);
    admin = await adminBearer(test, credentials);
    ann = await createProfile(test, admin, { name: 'Ann Example' });
    bob = await createProfile(test, admin, { name: 'Bob' });
    const otherAdmin = await adminBearer(test, await createClientApp(test, 'Other app'));
    otherAppProfile = await createProfile(test, otherAdmin, { name: 'Cleo' });
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer)).send({
      source: 'APPLE',
      ecg_recordings: [
        ecg('ecg-1', '2026-11-20T12:00:00Z'),
        // A second lead of the same recording, and a recording without heart rate or classification.
        ecg('ecg-1-lead-2', '2026-11-20T12:00:00.500Z', { lead: 'II' }),
        ecg('ecg-bare', '2026-11-21T08:00:00Z', { classification: null, average_heart_rate: null, lead: null }),
        // 170 s: 17 strips, five pages of four.
        ecg('ecg-long', '2026-11-22T08:00:00Z', { sampling_frequency: 50, samples: samples(50, 170, () => 0) }),
        // 320 s: charted up to 300 s (30 strips, eight pages).
        ecg('ecg-longer', '2026-11-23T08:00:00Z', { sampling_frequency: 20, samples: samples(20, 320, () => 0) }),
      ],
    }).expect(201);
    // The same second from another source is another recording.
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer)).send({
      source: 'WITHINGS', ecg_recordings: [ecg('w-1', '2026-11-20T12:00:00Z', { lead: 'aVR' })],
    }).expect(201);
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('before the operator grants ecg_pdf', () => {
    it('is 403 with a problem naming the feature, and changes nothing', async () => {
      const before = await databaseSnapshot(test);
      const response = await get('datetime=20261120120000&source=APPLE').expect(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(problemOf(response.body)).toMatchObject({ status: 403, detail: expect.stringContaining('ecg_pdf') });
      expect(await databaseSnapshot(test)).toEqual(before);
    });
  });

  describe('once granted', () => {
    beforeAll(() => grant());

    it('is a PDF of every lead that starts within that second, with the profile, time, source, heart rate and classification', async () => {
      const response = await get('datetime=20261120120000&source=APPLE').expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="ecg-20261120120000-apple.pdf"');
      expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pageCount(response.body, dir)).toBe(2);
      const text = await pdfText(response.body, dir);
      expect(text).toContain('ECG - Ann Example');
      expect(text).toContain('Recorded: 2026-11-20 12:00:00 UTC');
      expect(text).toContain('Recorded: 2026-11-20 12:00:00 UTC | Source: APPLE | Lead: II');
      expect(text).toContain('Source: APPLE | Lead: I | Sampling: 250 Hz | Duration: 12.0 s');
      expect(text).toContain('Heart rate: 66 bpm | Classification: Sinus rhythm');
      expect(text).toContain('Page 1 of 2 | 25 mm/s | 10 mm/mV');
      expect(text).toContain('Page 2 of 2');
      expect(text).toContain('0:00 - 0:10');
      expect(text).toContain('0:10 - 0:20');
      expect(text).not.toContain('WITHINGS');
      expect(text).not.toContain('aVR');
    });

    it('says "not known" for a missing heart rate, classification and lead', async () => {
      const response = await get('datetime=20261121080000&source=APPLE').expect(200);
      const text = await pdfText(response.body, dir);
      expect(text).toContain('Lead: not known');
      expect(text).toContain('Heart rate: not known | Classification: not known');
    });

    it('breaks long recordings into pages of four 10-second strips, and charts at most 300 s', async () => {
      const long = await get('datetime=20261122080000&source=APPLE').expect(200);
      expect(await pageCount(long.body, dir)).toBe(5);
      const text = await pdfText(long.body, dir);
      expect(text).toContain('Page 5 of 5');
      expect(text).toContain('2:40 - 2:50');
      expect(text).not.toContain('Charted:');

      const longer = await get('datetime=20261123080000&source=APPLE').expect(200);
      expect(await pageCount(longer.body, dir)).toBe(8);
      const cut = await pdfText(longer.body, dir);
      expect(cut).toContain('Charted: the first 300 s of 320.0 s');
      expect(cut).toContain('4:50 - 5:00');
      expect(cut).not.toContain('5:00 - 5:10');
    });

    it('draws the red 1 mm / 5 mm grid and the trace at 25 mm/s and 10 mm/mV', async () => {
      const response = await get('datetime=20261120120000&source=APPLE').expect(200);
      writeFileSync(join(dir, 'chart.pdf'), response.body);
      // 254 dots per inch: 10 pixels per millimetre.
      await run('pdftoppm', ['-png', '-r', '254', '-f', '1', '-l', '1', '-singlefile', join(dir, 'chart.pdf'), join(dir, 'page')]);
      // Kept (git-ignored) for a person to look at, as the widget's screenshots are.
      mkdirSync(join(__dirname, 'output'), { recursive: true });
      copyFileSync(join(dir, 'page.png'), join(__dirname, 'output', 'ecg-page-1.png'));
      const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
      // A4 landscape: 2970 x 2100 (pdftoppm rounds the last pixel up).
      expect([Math.round(png.width / 10), Math.round(png.height / 10)]).toEqual([297, 210]);
      const pixel = (xMm: number, yMm: number) => {
        const i = (Math.round(yMm * 10) * png.width + Math.round(xMm * 10)) * 4;
        return [png.data[i], png.data[i + 1], png.data[i + 2]];
      };
      /** The darkest pixel within ±0.3 mm (anti-aliasing spreads a line over its neighbours). */
      const darkest = (xMm: number, yMm: number) => {
        let best = [255, 255, 255];
        for (let dx = -3; dx <= 3; dx++) for (let dy = -3; dy <= 3; dy++) {
          const p = pixel(xMm + dx / 10, yMm + dy / 10);
          if (p[0] + p[1] + p[2] < best[0] + best[1] + best[2]) best = p;
        }
        return best;
      };
      const isTrace = ([r, g, b]: number[]) => r < 90 && g < 90 && b < 90;
      const isMajorLine = ([r, g, b]: number[]) => r > 180 && g < 150 && b < 150;
      const isMinorLine = ([r, g, b]: number[]) => r > 220 && g < 225 && g > 140 && b < 225;
      const isPaper = ([r, g, b]: number[]) => r > 245 && g > 245 && b > 245;
      const expectPixel = (rgb: number[], kind: (rgb: number[]) => boolean, expected: boolean) =>
        expect({ rgb, kind: kind.name, matches: kind(rgb) }).toEqual({ rgb, kind: kind.name, matches: expected });

      // Layout: grid from x = 20 mm; first strip from y = 30 mm, 40 mm high, baseline at 50 mm;
      // the second strip 45 mm lower (baseline at 95 mm).
      // Baseline (0 mV after the 5 mV offset is centred) at 0.2 s: x = 20 + 0.2 × 25 = 25 mm.
      expectPixel(darkest(25, 50), isTrace, true);
      // The 1 mV pulse at 0.5 s: x = 20 + 12.5 = 32.5 mm, 10 mm above the baseline.
      expectPixel(darkest(32.5, 40), isTrace, true);
      // ... and not at 0.2 s 10 mm up, nor at 0.5 s on the baseline.
      expectPixel(darkest(25, 40), isTrace, false);
      expectPixel(darkest(32.5, 50), isTrace, false);
      // The 11th second is on the second strip: 10.5 s -> x = 20 + 0.5 × 25 = 32.5 mm, baseline 95 mm, pulse at 85 mm.
      expectPixel(darkest(32.5, 85), isTrace, true);
      expectPixel(darkest(27.5, 95), isTrace, true);
      // The 1 mV calibration pulse left of the grid: 10 mm high at x = 12.5 to 17.5 mm.
      expectPixel(darkest(15, 40), isTrace, true);
      // Grid: a major line every 5 mm (y = 35 mm), a minor line every 1 mm (y = 36 mm), paper between.
      expectPixel(pixel(22.5, 35), isMajorLine, true);
      expectPixel(pixel(45, 37.5), isMajorLine, true);
      expectPixel(pixel(22.5, 36), isMinorLine, true);
      expectPixel(pixel(22.5, 35.5), isPaper, true);
      // Outside the grid: white page.
      expectPixel(pixel(280, 50), isPaper, true);
    });

    it('is 404 when no recording of that source starts within that second (a recording is found by its start, to the second)', async () => {
      const before = await databaseSnapshot(test);
      for (const query of ['datetime=20261120120001&source=APPLE', 'datetime=20261120115959&source=APPLE', 'datetime=20261120120000&source=GARMIN']) {
        const response = await get(query).expect(404);
        expect(problemOf(response.body)).toMatchObject({ status: 404, detail: expect.stringContaining('No ECG recording') });
      }
      expect((await get('datetime=20261120120000&source=WITHINGS').expect(200)).body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await databaseSnapshot(test)).toEqual(before);
    });

    it.each([
      ['a datetime that is too short', 'datetime=2026112012000&source=APPLE', 'datetime'],
      ['a datetime with a separator', 'datetime=2026-11-20T12:00:00&source=APPLE', 'datetime'],
      ['a date that does not exist', 'datetime=20261131120000&source=APPLE', 'datetime'],
      ['an hour that does not exist', 'datetime=20261120240000&source=APPLE', 'datetime'],
      ['a year out of range', 'datetime=21000101000000&source=APPLE', 'datetime'],
      ['no datetime', 'source=APPLE', 'datetime'],
      ['an unknown source', 'datetime=20261120120000&source=FOO', 'source'],
      ['a lower-case source', 'datetime=20261120120000&source=apple', 'source'],
      ['no source', 'datetime=20261120120000', 'source'],
      ['an unknown parameter', 'datetime=20261120120000&source=APPLE&format=png', 'format'],
    ])('is 400 for %s', async (_, query, field) => {
      const before = await databaseSnapshot(test);
      const response = await get(query).expect(400);
      expect(problemOf(response.body).errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await databaseSnapshot(test)).toEqual(before);
    });

    it("is for the profile's own bearer only: an administrator or another profile is 403, another app's profile 404", async () => {
      expect(problemOf((await get('datetime=20261120120000&source=APPLE', ann, admin).expect(403)).body).status).toBe(403);
      await get('datetime=20261120120000&source=APPLE', ann, bob.bearer).expect(403);
      await get('datetime=20261120120000&source=APPLE', otherAppProfile, ann.bearer).expect(404);
      await test.http.get(`${pdfPath(ann)}?datetime=20261120120000&source=APPLE`).expect(401);
      await get('datetime=20261120120000&source=APPLE', { ...ann, publicId: 'not-a-uuid' }).expect(400);
    });

    it('is 403 again once the operator revokes the feature', async () => {
      await revoke();
      await get('datetime=20261120120000&source=APPLE').expect(403);
      await grant();
      await get('datetime=20261120120000&source=APPLE').expect(200);
    });
  });

  describe('the operator CLI (app grant / app revoke)', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'strive-cli-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const cli = (...args: string[]) =>
      run('node', ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'apps/api/src/cli/main.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, TS_NODE_TRANSPILE_ONLY: 'true' },
      });
    const status = async (client: AppCredentials) => {
      const server = await startTestApp({ env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
      try {
        const token = (await server.http.post('/api/v1/token/').set('Authorization', basic(client)).expect(200)).body.access_token;
        const profile = await createProfile(server, token, { name: 'Dee' });
        await server.http.post(`/api/v1/profile/${profile.publicId}/data/`).set(bearerAuth(profile.bearer))
          .send({ source: 'APPLE', ecg_recordings: [ecg('e', '2026-11-20T12:00:00Z', { samples: samples(250, 2, () => 0) })] }).expect(201);
        return (await server.http.get(`/api/v1/profile/${profile.publicId}/ecg_recordings/pdf/?datetime=20261120120000&source=APPLE`).set(bearerAuth(profile.bearer))).status;
      } finally {
        await server.close();
      }
    };

    it('grants and revokes ecg_pdf per app, saying what changed, and refuses unknown apps, features and bad usage', async () => {
      const created = JSON.parse((await cli('app', 'create', '--name', 'Clinic')).stdout.trim());
      const client = { clientId: created.client_id, clientSecret: created.client_secret };
      const granted = JSON.parse((await cli('app', 'grant', `--client-id=${client.clientId}`, '--feature', 'ecg_pdf')).stdout.trim());
      expect(granted).toEqual({ client_id: client.clientId, feature: 'ecg_pdf', granted: true, changed: true });
      expect(await status(client)).toBe(200);

      const revoked = JSON.parse((await cli('app', 'revoke', `--client-id=${client.clientId}`, '--feature', 'ecg_pdf')).stdout.trim());
      expect(revoked).toEqual({ client_id: client.clientId, feature: 'ecg_pdf', granted: false, changed: true });
      expect(await status(client)).toBe(403);

      await expect(cli('app', 'grant', '--client-id', 'nobody', '--feature', 'ecg_pdf')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('No app has the client id "nobody"') });
      await expect(cli('app', 'grant', `--client-id=${client.clientId}`, '--feature', 'x_ray')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown feature "x_ray"; known: ecg_pdf') });
      await expect(cli('app', 'grant', `--client-id=${client.clientId}`)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run cli -- app grant --client-id <id> --feature <feature>') });
    }, 240_000);
  });
});
