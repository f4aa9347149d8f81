/**
 * Connection sync benchmark (issue 11): records/s that a vendor sync stores and scores, against
 * the upload endpoint taking the same records, in the same run.
 *
 * For each challenge count (BENCH_CHALLENGES, default "0,5": running DISTANCE challenges scored from
 * workouts, every profile a member), BENCH_PROFILES profiles (default 10) connect Strava through
 * the local vendor sandbox (auto consent); the clock starts when their backfill jobs start and stops
 * when every job is done (JobRunner.drain: fetch from the sandbox, validate, store, score). Then as
 * many other profiles, members of the same challenges, upload exactly the records the adapter reads
 * for the same sandbox athletes (read before either clock starts, which also warms the sandbox's
 * synthetic data), in batches of at most 1,000, one request after the other. Both answer
 * records/s; their ratio is sync / upload; the share of the sync spent reading the sandbox is the
 * time the adapter takes to read the same pages again.
 *
 * The API runs in this process (the e2e harness: Nest + Fastify on an ephemeral port, jobs run on
 * demand), the sandbox inside it. Run against a PostgreSQL database it may empty:
 *   createdb -h 127.0.0.1 -U postgres strive_bench_connections
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/strive_bench_connections \
 *     npx ts-node -r tsconfig-paths/register bench/connection-sync.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { DataProvider } from '@strive/domain';
import { createDataProviders, vendorSettingsFromEnv } from '@strive/providers';
import { allPages, connect as connectAdapter, merged } from '../libs/providers/test-support/sandbox-flow';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from '../apps/api/test/support/test-app';
import { connectThroughSandbox } from '../apps/api/test/support/connection-flow';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/strive_bench_connections';
const PROFILES = Number(process.env.BENCH_PROFILES ?? 10);
const CHALLENGE_COUNTS = (process.env.BENCH_CHALLENGES ?? '0,5').split(',').map(Number);
const DAY_MS = 86_400_000;
const MAX_BATCH = 1000;

async function recordsOf(test: TestApp, profiles: readonly CreatedTestProfile[]): Promise<number> {
  const [row] = await test.dataSource.query('SELECT count(*)::int AS n FROM health_record WHERE profile_id = ANY($1::uuid[])', [profiles.map((p) => p.publicId)]);
  return row.n as number;
}

async function round(challengeCount: number, firstUser: number): Promise<{ sync: number; upload: number; records: number; fetchShare: number }> {
  const test = await startTestApp({ sandbox: { autoConsent: 'approve' }, env: { DATABASE_URL, LOG_LEVEL: 'warn' } });
  try {
    const admin = await adminBearer(test, await createClientApp(test, `Bench ${challengeCount}`));
    const now = Date.now();
    const challenges: string[] = [];
    for (let i = 0; i < challengeCount; i++) {
      const body = {
        title: `Distance ${i}`, type: 'INDIVIDUAL', goal: i % 2 === 0 ? 'WEEKLY' : 'TOTAL', goal_type: 'DISTANCE', goal_value: 50_000, data_source: 'workout',
        start: new Date(now - 120 * DAY_MS).toISOString(), end: new Date(now + 30 * DAY_MS).toISOString(),
      };
      challenges.push((await test.http.post('/api/v1/challenge/').set(bearerAuth(admin)).send(body).expect(201)).body.public_id);
    }
    const member = async (name: string) => {
      const profile = await createProfile(test, admin, { name });
      for (const id of challenges) await test.http.post(`/api/v1/challenge/${id}/member/`).set(bearerAuth(profile.bearer)).send({ profile: profile.publicId }).expect(201);
      return profile;
    };
    const users = Array.from({ length: PROFILES }, (_, i) => String(firstUser + i));

    // Connect every profile (their backfill jobs wait).
    const synced: CreatedTestProfile[] = [];
    for (const user of users) {
      const profile = await member(`Synced ${user}`);
      await connectThroughSandbox(test, 'strava', profile, user);
      synced.push(profile);
    }
    // The upload side's records: the same athletes' pages read by the adapter. This also warms the
    // sandbox, which generates an athlete's synthetic history on first use (hundreds of ms).
    const provider = createDataProviders(vendorSettingsFromEnv({}, test.sandboxUrl)).find((p) => p.source === 'STRAVA') as DataProvider;
    const read = async (user: string) => merged(await allPages(provider, await connectAdapter(provider, user), new Date(Date.now() - 90 * DAY_MS), new Date()));
    const bodies: { profile: CreatedTestProfile; batches: Record<string, unknown>[] }[] = [];
    for (const user of users) {
      const records = await read(user);
      const flat = Object.entries(records).flatMap(([type, list]) => list.map((record) => [type, record] as const));
      const batches: Record<string, unknown>[] = [];
      for (let i = 0; i < flat.length; i += MAX_BATCH) {
        const body: Record<string, unknown[]> = {};
        for (const [type, record] of flat.slice(i, i + MAX_BATCH)) (body[type] ??= []).push(record);
        batches.push({ source: 'STRAVA', ...body });
      }
      bodies.push({ profile: await member(`Uploaded ${user}`), batches });
    }

    // Sync: the backfill jobs (fetch, validate, store, score).
    const syncStart = performance.now();
    await test.runJobs();
    const syncSeconds = (performance.now() - syncStart) / 1000;
    const syncedRecords = await recordsOf(test, synced);
    // The vendor's (here the warm sandbox's) share of that time: the same pages read again.
    const fetchStart = performance.now();
    for (const user of users) await read(user);
    const fetchSeconds = (performance.now() - fetchStart) / 1000;

    // Upload: the same records through POST profile/{id}/data/.
    const uploadStart = performance.now();
    for (const { profile, batches } of bodies) {
      for (const body of batches) await test.http.post(`/api/v1/profile/${profile.publicId}/data/`).set(bearerAuth(profile.bearer)).send(body).expect(201);
    }
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    const uploadedRecords = await recordsOf(test, bodies.map((b) => b.profile));
    if (uploadedRecords !== syncedRecords) console.warn(`note: synced ${syncedRecords} records, uploaded ${uploadedRecords} (the windows differ at their edges)`);
    return { sync: syncedRecords / syncSeconds, upload: uploadedRecords / uploadSeconds, records: syncedRecords, fetchShare: Math.min(1, fetchSeconds / syncSeconds) };
  } finally {
    await test.close();
  }
}

async function main(): Promise<void> {
  console.log(`connection sync vs upload: ${PROFILES} profiles, Strava sandbox, ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}`);
  let firstUser = 900_000;
  for (const challenges of CHALLENGE_COUNTS) {
    const result = await round(challenges, firstUser);
    firstUser += PROFILES;
    console.log(
      `${challenges} running challenges: ${result.records} records; sync ${result.sync.toFixed(0)} records/s, ` +
        `upload ${result.upload.toFixed(0)} records/s, ratio ${(result.sync / result.upload).toFixed(2)}; ` +
        `reading the sandbox is ${(result.fetchShare * 100).toFixed(0)} % of the sync time`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
