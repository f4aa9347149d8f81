import { DataSource } from 'typeorm';
import { readLeaderboardChanges, pruneLeaderboardChanges } from '../../src/persistence/gamification/typeorm-leaderboard-changes';
import { recordLeaderboardChanges } from '../../src/persistence/shared/db';
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
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile2, ID.profile1]]]));
    await recordLeaderboardChanges(db, new Map<string, string[] | 'all'>([[ID.challenge1, [ID.profile1]], [ID.challenge2, [ID.profile3]]]));
    expect(await versions()).toEqual([[ID.challenge1, 2, 0], [ID.challenge2, 1, 0]]);
    expect(await log()).toEqual([
      [ID.challenge1, 1, ID.profile1], [ID.challenge1, 1, ID.profile2], [ID.challenge1, 2, ID.profile1], [ID.challenge2, 1, ID.profile3],
    ]);
  });

  it('a reset ("all") bumps the version, marks it as the reset version and logs no member', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile1]]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, 'all' as const]]));
    expect(await versions()).toEqual([[ID.challenge1, 2, 2], [ID.challenge2, 0, 0]]);
    expect(await log()).toEqual([[ID.challenge1, 1, ID.profile1]]);
    // Still one row per version, so that a reader can tell the log is complete.
    expect(await db.query('SELECT version::int AS v, cardinality(profile_ids) AS n FROM leaderboard_change ORDER BY version')).toEqual([{ v: 1, n: 1 }, { v: 2, n: 0 }]);
  });

  it('reads the members changed after a version, once each, with the version they bring a ranking to', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile1]]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile2, ID.profile1]]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile3]]]));
    const since1 = await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10);
    expect({ ...since1, profileIds: [...(since1?.profileIds ?? [])].sort() }).toEqual({ version: 3, profileIds: [ID.profile1, ID.profile2, ID.profile3] });
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 3, 10)).toEqual({ version: 3, profileIds: [] });
    // Another app's challenge, or none: nothing to read.
    expect(await readLeaderboardChanges(db, ID.appB, ID.challenge1, 0, 10)).toBeNull();
  });

  it('cannot be patched from when more members changed than the limit, after a reset, or with versions pruned', async () => {
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile1, ID.profile2, ID.profile3]]]));
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 0, 2)).toEqual({ version: 1, profileIds: null });
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, 'all' as const]]));
    await recordLeaderboardChanges(db, new Map([[ID.challenge1, [ID.profile1]]]));
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 1, 10)).toEqual({ version: 3, profileIds: null });
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 2, 10)).toEqual({ version: 3, profileIds: [ID.profile1] });
    // Version 3's rows pruned (older than the keep time): the log no longer covers (2, 3].
    await db.query("UPDATE leaderboard_change SET changed_at = now() - interval '11 minutes' WHERE version = 3");
    await pruneLeaderboardChanges(db, 10);
    expect(await log()).toEqual([[ID.challenge1, 1, ID.profile1], [ID.challenge1, 1, ID.profile2], [ID.challenge1, 1, ID.profile3]]);
    expect(await readLeaderboardChanges(db, ID.appA, ID.challenge1, 2, 10)).toEqual({ version: 3, profileIds: null });
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
