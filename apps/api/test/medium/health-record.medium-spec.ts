import { HealthDataType, HealthRecord, HealthRecordQuery, IdentityError, profileTurn, Source, StoredHealthRecord } from '@strive/domain';
import { TypeOrmHealthRecordRepository } from '../../src/persistence/records/typeorm-health-record.repository';
import { ID, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';
import { postgresServerOf } from './support/repository-world';

const at = (hour: number) => new Date(Date.UTC(2026, 9, 1, hour));

function record(type: HealthDataType, externalId: string, time: Date, data: Record<string, unknown> = {}, extra: Partial<HealthRecord> = {}): HealthRecord {
  return { type, source: 'GARMIN', externalId, time, endTime: null, subtype: '', data: { value: externalId, ...data }, ...extra };
}

describeContract('HealthRecordRepository', (world) => {
  beforeEach(() => seedProfiles(world()));

  const upsert = (records: HealthRecord[], profileId: string = ID.profile1) => world().healthRecords.upsert(ID.appA, profileId, records);
  const query = (overrides: Partial<HealthRecordQuery> = {}): HealthRecordQuery => ({
    appId: ID.appA, profileId: ID.profile1, type: 'weight', direction: 'forward', limit: 100, ...overrides,
  });
  const externalIds = (records: readonly HealthRecord[]) => records.map((r) => `${r.source}/${r.externalId}`);

  // No foreign key to profile since RecordsWithoutForeignKey: the adapter keeps what it enforced.
  const storedOf = async (profileId: string) =>
    ((await world().engine?.query('SELECT count(*)::int AS n FROM health_record WHERE profile_id = $1', [profileId])) as { n: number }[])[0].n;

  it('refuses records of a profile that is not the app\'s, and stores none of them (hand-written SQL)', async () => {
    const refused = { code: 'identity.profile_not_found' };
    await expect(upsert([record('weight', 'w1', at(8)), record('weight', 'w2', at(9))], ID.profile3)).rejects.toMatchObject(refused);
    await expect(world().healthRecords.upsert(ID.appB, ID.profile1, [record('weight', 'w1', at(8))])).rejects.toMatchObject(refused);
    expect(await world().healthRecords.list(query({ profileId: ID.profile3 }))).toEqual([]);
    if (world().engine) expect(await storedOf(ID.profile3)).toBe(0);
  });

  it("deletes a deleted profile's records with it, and only its own, whoever deletes it (hand-written SQL)", async () => {
    if (!world().engine) return;
    await upsert([record('weight', 'w1', at(8)), record('workout', 'w1', at(8))]);
    await upsert([record('weight', 'w1', at(8))], ID.profile2);
    await world().profiles.delete(ID.appA, ID.profile1);
    expect([await storedOf(ID.profile1), await storedOf(ID.profile2)]).toEqual([0, 1]);
    // Raw SQL too (the trigger, not the repository, deletes them).
    await world().engine?.query('DELETE FROM profile WHERE id = $1', [ID.profile2]);
    expect(await storedOf(ID.profile2)).toBe(0);
  });

  it('makes a deletion of the profile wait for an upsert in flight, then deletes its records too (hand-written SQL)', async () => {
    const engine = world().engine;
    if (!engine) return;
    const order: string[] = [];
    let deletion: Promise<unknown> = Promise.resolve();
    await world().unitOfWork.run(async (ports) => {
      await ports.records.upsert(ID.appA, ID.profile1, [record('weight', 'w1', at(8))]);
      // Raw SQL: the repository's delete would first wait for the profile's turn, which this writer does not hold.
      deletion = engine.query('DELETE FROM profile WHERE id = $1', [ID.profile1]).then(() => void order.push('profile deleted'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('records committed');
    });
    await deletion;
    expect(order).toEqual(['records committed', 'profile deleted']);
    expect(await storedOf(ID.profile1)).toBe(0);
  });

  it("completes an upload and its profile's deletion that wait for each other, one after the other", async () => {
    const engine = world().engine;
    if (!engine) return;
    let deletion: Promise<void> | null = null;
    // An upload: its records stored (the profile row locked), then the profile's turn for what follows.
    const upload = world().unitOfWork.run(async (ports) => {
      await ports.records.upsert(ID.appA, ID.profile1, [record('weight', 'w1', at(8))]);
      if (deletion) return; // run again after PostgreSQL aborted it: the deletion is under way
      // The deletion takes the profile's turn, then waits for the row this transaction locked; this
      // transaction then waits for the turn: PostgreSQL aborts one of the two after deadlock_timeout.
      deletion = world().profiles.delete(ID.appA, ID.profile1);
      deletion.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await ports.takeTurn(profileTurn(ID.profile1));
    });

    const [uploaded] = await Promise.allSettled([upload]);
    await expect(deletion).resolves.toBeUndefined();
    // Either the upload came first (its records then deleted with the profile), or it ran again
    // after the deletion and found no profile.
    if (uploaded.status === 'rejected') expect(uploaded.reason).toEqual(IdentityError.profileNotFound(ID.profile1));
    expect(await world().profiles.findInApp(ID.appA, ID.profile1)).toBeNull();
    expect(await storedOf(ID.profile1)).toBe(0);
  });

  it('creates, updates and leaves unchanged by key (profile, source, type, external id), comparing content as JSON', async () => {
    const first = await upsert([
      record('workout', 'w1', at(8), { distance: 5000, steps: 10 }),
      record('workout', 'w2', at(9)),
      record('weight', 'w1', at(8)),
    ]);
    expect(first.counts).toEqual({ workout: { created: 2, updated: 0, unchanged: 0 }, weight: { created: 1, updated: 0, unchanged: 0 } });
    expect(externalIds(first.written)).toEqual(['GARMIN/w1', 'GARMIN/w2', 'GARMIN/w1']);

    const changed = record('workout', 'w2', at(10), { distance: 1 });
    const polar = record('workout', 'w1', at(7), {}, { source: 'POLAR' as Source });
    const second = await upsert([
      record('workout', 'w1', at(8), { steps: 10, distance: 5000 }), // same content, other key order
      changed,
      polar,
    ]);
    expect(second.counts).toEqual({ workout: { created: 1, updated: 1, unchanged: 1 } });
    expect(second.written).toEqual([changed, polar]);

    const stored = await world().healthRecords.list(query({ type: 'workout' }));
    expect(stored.map(({ id: _id, ...r }) => r)).toEqual([polar, record('workout', 'w1', at(8), { distance: 5000, steps: 10 }), changed]);
    // The same record of another profile is its own row.
    expect((await upsert([record('workout', 'w1', at(8), { distance: 5000, steps: 10 })], ID.profile2)).counts.workout).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it('upserts through a statement each connection prepares once, which PostgreSQL then runs with one plan (hand-written SQL)', async () => {
    const engine = postgresServerOf(world());
    if (!engine) return;
    // Seven upserts on one connection (a transaction's): PostgreSQL plans the first five runs of a
    // prepared statement for their values, then keeps one plan for any when it costs no more.
    const prepared = await engine.transaction(async (manager) => {
      const records = new TypeOrmHealthRecordRepository(manager);
      for (let i = 1; i <= 7; i++) await records.upsert(ID.appA, ID.profile1, [record('weight', `w${i}`, at(i))]);
      return manager.query("SELECT generic_plans > 0 AS one_plan FROM pg_prepared_statements WHERE name = 'health_record_upsert'");
    });
    expect(prepared).toEqual([{ one_plan: true }]);
    expect(await storedOf(ID.profile1)).toBe(7);
  });

  describe('pages in (time, id) order', () => {
    // b at 08:00; a and c share 09:00 (a was stored first: lower id); d at 10:00 (from POLAR).
    const a = record('weight', 'a', at(9));
    const b = record('weight', 'b', at(8));
    const c = record('weight', 'c', at(9));
    const d = record('weight', 'd', at(10), {}, { source: 'POLAR' });
    let stored: StoredHealthRecord[];

    beforeEach(async () => {
      // One call each: the order of ids within one batch is not specified.
      for (const r of [a, b, c, d]) await upsert([r]);
      await upsert([record('weight', 'other-profile', at(9))], ID.profile2);
      await upsert([record('biometric', 'hrv', at(9), {}, { subtype: 'HRV' }), record('biometric', 'plain', at(9))]);
      stored = await world().healthRecords.list(query());
    });

    const ids = (records: readonly HealthRecord[]) => records.map((r) => r.externalId);
    const positionOf = (externalId: string) => {
      const found = stored.find((r) => r.externalId === externalId) as StoredHealthRecord;
      return { time: found.time, id: found.id };
    };

    it('forward and backward, with a limit', async () => {
      expect(ids(stored)).toEqual(['b', 'a', 'c', 'd']);
      expect(ids(await world().healthRecords.list(query({ direction: 'backward' })))).toEqual(['d', 'c', 'a', 'b']);
      expect(ids(await world().healthRecords.list(query({ limit: 2 })))).toEqual(['b', 'a']);
    });

    it('continues strictly after or before a position; a position without id skips its whole instant', async () => {
      expect(ids(await world().healthRecords.list(query({ position: positionOf('a') })))).toEqual(['c', 'd']);
      expect(ids(await world().healthRecords.list(query({ position: positionOf('c'), direction: 'backward' })))).toEqual(['a', 'b']);
      expect(ids(await world().healthRecords.list(query({ position: { time: at(9), id: null } })))).toEqual(['d']);
      expect(ids(await world().healthRecords.list(query({ position: { time: at(9), id: null }, direction: 'backward' })))).toEqual(['b']);
    });

    it('filters by time bounds (both included), source, subtype and exact times', async () => {
      expect(ids(await world().healthRecords.list(query({ from: at(9), to: at(9) })))).toEqual(['a', 'c']);
      expect(ids(await world().healthRecords.list(query({ from: at(9) })))).toEqual(['a', 'c', 'd']);
      expect(ids(await world().healthRecords.list(query({ source: 'GARMIN' })))).toEqual(['b', 'a', 'c']);
      expect(ids(await world().healthRecords.list(query({ type: 'biometric', subtype: 'HRV' })))).toEqual(['hrv']);
      expect(ids(await world().healthRecords.list(query({ type: 'biometric' })))).toEqual(['plain']);
      // With times, every record of those instants comes back, whatever the limit.
      expect(ids(await world().healthRecords.list(query({ times: [at(8), at(10)], limit: 1 })))).toEqual(['b', 'd']);
    });

    it('lists the distinct times of a query', async () => {
      expect(await world().healthRecords.listTimes(query())).toEqual([at(8), at(9), at(10)]);
      expect(await world().healthRecords.listTimes(query({ direction: 'backward', limit: 2 }))).toEqual([at(10), at(9)]);
      expect(await world().healthRecords.listTimes(query({ position: { time: at(8), id: null } }))).toEqual([at(9), at(10)]);
      expect(await world().healthRecords.listTimes(query({ source: 'POLAR' }))).toEqual([at(10)]);
    });
  });

  it('lists every record of several types in a range, in (time, id) order', async () => {
    await upsert([
      record('workout', 'w1', at(9)),
      record('daily_summary', 's1', at(0)),
      record('workout', 'w2', at(12)),
      record('workout', 'w3', at(20)),
      record('weight', 'x', at(10)),
      record('workout', 'w1', at(11), {}, { source: 'POLAR' }),
    ]);
    const all = await world().healthRecords.listAll(ID.appA, ID.profile1, ['daily_summary', 'workout'], { from: at(0), to: at(12) });
    // [at(0), at(12)]: both ends in; the weight is of another type, w3 later.
    expect(externalIds(all)).toEqual(['GARMIN/s1', 'GARMIN/w1', 'POLAR/w1', 'GARMIN/w2']);
    const open = await world().healthRecords.listAll(ID.appA, ID.profile1, ['workout'], {});
    expect(externalIds(open)).toEqual(['GARMIN/w1', 'POLAR/w1', 'GARMIN/w2', 'GARMIN/w3']);
    expect(await world().healthRecords.listAll(ID.appB, ID.profile1, ['workout'], {})).toEqual([]);
  });
  it('selects records by storage id, and workouts with an activity file (a track of their own, or heart-rate samples)', async () => {
    const span = (start: number, end: number) => ({ endTime: at(end) });
    await upsert([
      record('workout', 'tracked', at(8), {}, span(8, 9)),
      record('workout', 'beats', at(10), { heart_rate_samples: [{ timestamp: at(10).toISOString(), bpm: 90 }] }, span(10, 11)),
      record('workout', 'empty-beats', at(12), { heart_rate_samples: [] }, span(12, 13)),
      record('workout', 'elsewhere', at(14), {}, span(14, 15)),
      record('workout', 'other-source', at(16), {}, span(16, 17)),
      record('workout', 'plain', at(18), {}, span(18, 19)),
      record('track_sample', 't1', at(9), { workout_external_id: 'tracked' }),
      record('track_sample', 't2', at(14), { workout_external_id: 'someone-else' }),
      record('track_sample', 't3', at(16), {}, { source: 'POLAR' }),
      record('track_sample', 't4', at(20)),
    ]);
    const samples = await world().healthRecords.list(query({ type: 'workout', withActivityFile: 'samples' }));
    expect(externalIds(samples)).toEqual(['GARMIN/tracked', 'GARMIN/beats']);
    const tracks = await world().healthRecords.list(query({ type: 'workout', withActivityFile: 'track' }));
    expect(externalIds(tracks)).toEqual(['GARMIN/tracked']);
    const all = await world().healthRecords.list(query({ type: 'workout' }));
    const picked = await world().healthRecords.list(query({ type: 'workout', ids: [all[5].id, all[0].id] }));
    expect(externalIds(picked)).toEqual(['GARMIN/tracked', 'GARMIN/plain']);
    expect(await world().healthRecords.list(query({ type: 'workout', ids: [] }))).toEqual([]);
    expect(await world().healthRecords.list(query({ type: 'workout', ids: [all[0].id], profileId: ID.profile2 }))).toEqual([]);
  });
});
