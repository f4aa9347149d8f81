import { MemberPeriodScoreMother } from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { readLeaderboardChanges, pruneLeaderboardChanges } from '../../src/persistence/gamification/typeorm-leaderboard-changes';
import { changedMembers, recordLeaderboardChanges } from '../../src/persistence/shared/db';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { sqlWorld } from './support/repository-world';
import { openTestDatabase, SQL_ENGINES, truncateAll } from './support/test-database';

/**
 * The change log that keeps cached leaderboards current (host SQL, no port: only the TypeORM
 * side exists): which members each leaderboard_version changed, and what a cache reads of it.
 */
describe.each(SQL_ENGINES)('leaderboard changes on %s', (engine) => {
  let db: DataSource;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    await truncateAll(db);
    const world = sqlWorld(db);
    await seedProfiles(world, [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA), profile(ID.profile3, ID.appA)]);
    await world.challenges.save(challenge(ID.challenge1));
    await world.challenges.save(challenge(ID.challenge2));
  });

  const versions = async () =>
    (await db.query('SELECT id, leaderboard_version::int AS v, leaderboard_reset_version::int AS r FROM challenge ORDER BY id')).map(
      (row: { id: string; v: number; r: number }) => [row.id, row.v, row.r],
    );
  const log = async () =>
    (await db.query(
      'SELECT challenge_id, version::int AS version, p.id::text AS profile_id FROM leaderboard_change, unnest(profile_ids) AS p(id) ORDER BY challenge_id, version, profile_id',
    )).map(
      (row: { challenge_id: string; version: number; profile_id: string }) => [row.challenge_id, row.version, row.profile_id],
    );

  it('bumps each changed challenge once per write and logs its changed members under the new version', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile2, ID.profile1] }]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile1] }], [ID.challenge2, { profileIds: [ID.profile3] }]]));
    expect(await versions()).toEqual([[ID.challenge1, 2, 0], [ID.challenge2, 1, 0]]);
    expect(await log()).toEqual([
      [ID.challenge1, 1, ID.profile1], [ID.challenge1, 1, ID.profile2], [ID.challenge1, 2, ID.profile1], [ID.challenge2, 1, ID.profile3],
    ]);
  });

  it('a reset ("all") bumps the version, marks it as the reset version and logs no member', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile1] }]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, 'all' as const]]));
    expect(await versions()).toEqual([[ID.challenge1, 2, 2], [ID.challenge2, 0, 0]]);
    expect(await log()).toEqual([[ID.challenge1, 1, ID.profile1]]);
    // Still one row per version, so that a reader can tell the log is complete.
    expect(await db.query('SELECT version::int AS v, cardinality(profile_ids) AS n FROM leaderboard_change ORDER BY version')).toEqual([{ v: 1, n: 1 }, { v: 2, n: 0 }]);
  });

  it('reads the members changed after a version, once each, with the version they bring a ranking to', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile1] }]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile2, ID.profile1] }]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile3] }]]));
    const since1 = await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10);
    expect({ ...since1, profileIds: [...(since1?.profileIds ?? [])].sort() }).toEqual({ version: 3, profileIds: [ID.profile1, ID.profile2, ID.profile3], periods: null });
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 3, 10)).toEqual({ version: 3, profileIds: [], periods: null });
    // Another app's challenge, or none: nothing to read.
    expect(await readLeaderboardChanges(db, ID.appB, ID.challenge1, 0, 10)).toBeNull();
  });

  it('cannot be patched from when more members changed than the limit, after a reset, or with versions pruned', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile1, ID.profile2, ID.profile3] }]]));
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 2)).toEqual({ version: 1, profileIds: null, periods: null });
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, 'all' as const]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, { profileIds: [ID.profile1] }]]));
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10)).toEqual({ version: 3, profileIds: null, periods: null });
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 2, 10)).toEqual({ version: 3, profileIds: [ID.profile1], periods: null });
    // Version 3's rows pruned (older than the keep time): the log no longer covers (2, 3].
    await db.query("UPDATE leaderboard_change SET changed_at = now() - interval '11 minutes' WHERE version = 3");
    await pruneLeaderboardChanges(db, 10);
    expect(await log()).toEqual([[ID.challenge1, 1, ID.profile1], [ID.challenge1, 1, ID.profile2], [ID.challenge1, 1, ID.profile3]]);
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 2, 10)).toEqual({ version: 3, profileIds: null, periods: null });
  });

  it('names the periods of score writes, and reads them back while every version since names its own', async () => {
    // Two score writes: periods 4..5 (and 0 of another challenge), then 2.
    await recordLeaderboardChanges(db, changedMembers([
      { challengeId: ID.challenge1, profileId: ID.profile1, firstPeriod: 4, lastPeriod: 4 },
      { challengeId: ID.challenge1, profileId: ID.profile2, firstPeriod: 5, lastPeriod: 5 },
      { challengeId: ID.challenge2, profileId: ID.profile1, firstPeriod: 0, lastPeriod: 0 },
    ]));
    await recordLeaderboardChanges(db, changedMembers([{ challengeId: ID.challenge1, profileId: ID.profile3, firstPeriod: 2, lastPeriod: 2 }]));
    expect((await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 10))?.periods).toEqual({ first: 2, last: 5 });
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10)).toEqual({ version: 2, profileIds: [ID.profile3], periods: { first: 2, last: 2 } });
    expect((await readLeaderboardChanges(db, ID.appA, ID.challenge2, 0, 10))?.periods).toEqual({ first: 0, last: 0 });
    // More members than the limit: none to patch with, but the periods are known.
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 2)).toEqual({ version: 2, profileIds: null, periods: { first: 2, last: 5 } });
    // A change without periods (membership, profile): any period, from its version on.
    await recordLeaderboardChanges(db, changedMembers([{ challengeId: ID.challenge1, profileId: ID.profile3 }]));
    expect(await db.query('SELECT version::int AS v, first_period AS f, last_period AS l FROM leaderboard_change WHERE challenge_id = $1 ORDER BY version', [ID.challenge1]))
      .toEqual([{ v: 1, f: 4, l: 5 }, { v: 2, f: 2, l: 2 }, { v: 3, f: null, l: null }]);
    expect((await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10))?.periods).toBeNull();
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 3, 10)).toEqual({ version: 3, profileIds: [], periods: null });
    // Versions pruned: the log no longer tells.
    await db.query("UPDATE leaderboard_change SET changed_at = now() - interval '11 minutes' WHERE version = 2");
    await pruneLeaderboardChanges(db, 10);
    expect((await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 10))?.periods).toBeNull();
  });

  it('a score write logs the periods of the rows it was given', async () => {
    const world = sqlWorld(db);
    await world.scores.saveMany([
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 3 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile2, periodIndex: 1 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 4 }),
    ]);
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 10)).toMatchObject({ version: 1, periods: { first: 1, last: 4 } });
  });

  it('a profile renamed or deleted is logged as changed in each of its challenges', async () => {
    const world = sqlWorld(db);
    await world.memberships.addAllIfAbsent([
      { challengeId: ID.challenge1, profileId: ID.profile1, teamId: null, joinedAt: new Date('2026-03-01T00:00:00Z'), inactiveIntervals: [] },
      { challengeId: ID.challenge2, profileId: ID.profile1, teamId: null, joinedAt: new Date('2026-03-01T00:00:00Z'), inactiveIntervals: [] },
    ]);
    await db.query('DELETE FROM leaderboard_change');
    const found = await world.profiles.findInApp(ID.appA, ID.profile1);
    await world.profiles.update({ ...(found as NonNullable<typeof found>), name: 'Renamed' });
    expect(await versions()).toEqual([[ID.challenge1, 2, 0], [ID.challenge2, 2, 0]]);
    await world.profiles.delete(ID.appA, ID.profile1);
    expect(await log()).toEqual([
      [ID.challenge1, 2, ID.profile1], [ID.challenge1, 3, ID.profile1], [ID.challenge2, 2, ID.profile1], [ID.challenge2, 3, ID.profile1],
    ]);
  });
});
