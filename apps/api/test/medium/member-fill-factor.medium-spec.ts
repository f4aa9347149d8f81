import { ChallengeMemberMother, MemberPeriodScoreMother } from '@strive/domain/testing';
import { DataSource } from 'typeorm';
import { TypeOrmScoreRepository } from '../../src/persistence/gamification/typeorm-score.repository';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { sqlWorld } from './support/repository-world';
import { openTestDatabase, SQL_ENGINES, truncateAll } from './support/test-database';

/**
 * challenge_member keeps room on each page for a new version of every row (host SQL, migration
 * MemberFillFactor): a rescoring batch moves the totals of all its members in one transaction,
 * and each update then stays on its page (HOT) instead of adding an entry to the table's four
 * indexes (docs/benchmarks.md "Twenty-seventh session").
 */
describe.each(SQL_ENGINES)('room for updated members on %s', (engine) => {
  const MEMBERS = 400;
  const memberId = (i: number) => `60000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  let db: DataSource;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(() => db.destroy());

  it("moves every member's totals of one score write in place: as many HOT updates as updated rows", async () => {
    await truncateAll(db);
    const world = sqlWorld(db);
    const ids = Array.from({ length: MEMBERS }, (_, i) => memberId(i));
    await seedProfiles(world, ids.map((id) => profile(id, ID.appA)));
    await world.challenges.save(challenge(ID.challenge1));
    await world.memberships.addAllIfAbsent(ids.map((profileId) => ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId })));
    // 400 rows of about 110 bytes: 12 pages at half room (6 packed full without it, and then 1 of
    // the 400 updates below is HOT).
    const [{ pages }] = await db.query("SELECT pg_relation_size('challenge_member') / current_setting('block_size')::int AS pages");
    expect(Number(pages)).toBeGreaterThanOrEqual(12);

    const counts = await db.transaction(async (manager) => {
      // Every member's first score with steps: each one's totals move (one update of its row).
      await new TypeOrmScoreRepository(manager).saveMany(ids.map((profileId, i) =>
        MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId, periodIndex: 0, totals: { distance: 0, steps: 1_000 + i, calories: 0, durationSeconds: 0, points: 0 } })));
      const [row] = await manager.query(
        `SELECT pg_stat_get_xact_tuples_updated('challenge_member'::regclass)::int AS updated,
                pg_stat_get_xact_tuples_hot_updated('challenge_member'::regclass)::int AS hot`,
      );
      return row as { updated: number; hot: number };
    });
    expect(counts).toEqual({ updated: MEMBERS, hot: MEMBERS });
    const [{ steps }] = await db.query('SELECT sum(total_steps)::float8 AS steps FROM challenge_member WHERE challenge_id = $1', [ID.challenge1]);
    expect(steps).toBe(MEMBERS * 1_000 + (MEMBERS * (MEMBERS - 1)) / 2); // 1,000 + i for i in 0..399
  });
});
