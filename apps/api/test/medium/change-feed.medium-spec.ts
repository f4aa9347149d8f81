import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../src/config/app-config';
import { ChallengeSnapshots } from '../../src/gamification/challenge-snapshots';
import { ChangeFeed, markChallengesChanged } from '../../src/persistence/shared/change-feed';
import { atomically } from '../../src/persistence/shared/db';
import { PreparedReads } from '../../src/persistence/shared/prepared-reads';
import { challenge, ID, seedProfiles } from './support/fixtures';
import { sqlWorld } from './support/repository-world';
import { openTestDatabase, SQL_ENGINES, testDatabaseConfig, truncateAll } from './support/test-database';

/**
 * ChangeFeed (what this process hears of challenge changes and bearer revocations) and
 * ChallengeSnapshots (the challenges it keeps because of it): its own writes heard before they
 * return, another connection's (another process) through the triggers' notifications, a rollback
 * never.
 */
describe.each(SQL_ENGINES)('change feed on %s', (engine) => {
  let db: DataSource;
  let config: AppConfig;
  let feed: ChangeFeed;
  let reads: PreparedReads;
  let heard: (string | null)[];
  let revoked: (string | null)[];

  beforeAll(async () => {
    config = testDatabaseConfig(engine) as AppConfig;
    db = await openTestDatabase(engine, config);
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    await truncateAll(db);
    const world = sqlWorld(db);
    await seedProfiles(world);
    await world.challenges.save(challenge(ID.challenge1, { title: 'Steps' }));
    await world.challenges.save(challenge(ID.challenge2));
    feed = new ChangeFeed(db, config);
    await feed.onModuleInit();
    await until(() => feed.complete);
    heard = [];
    revoked = [];
    feed.subscribe('challenge', (id) => heard.push(id));
    feed.subscribe('bearer', (digest) => revoked.push(digest));
    reads = new PreparedReads(db, config);
  });
  afterEach(async () => {
    await feed.onModuleDestroy();
    await reads.onModuleDestroy();
  });

  /** Waits (at most 5 s) for what another connection's commit makes PostgreSQL deliver asynchronously. */
  async function until(condition: () => boolean): Promise<void> {
    for (let waited = 0; !condition() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  }

  /** A statement of another session: PostgreSQL's own connection (another process); PGlite has one session, in this process. */
  async function elsewhere(sql: string, values: unknown[]): Promise<void> {
    if (engine === 'PGlite') {
      await db.query(sql, values);
      return;
    }
    const other = new Client({ connectionString: config.databaseUrl as string });
    await other.connect();
    await other.query(sql, values).finally(() => other.end());
  }

  /**
   * Waits until every notification committed so far has been heard: PostgreSQL delivers them in
   * commit order, so a sentinel sent last is heard last.
   */
  async function heardAllSoFar(): Promise<void> {
    const sentinel = `sentinel-${Math.random()}`;
    await elsewhere("SELECT pg_notify('strive_challenge_change', $1)", [sentinel]);
    await until(() => heard.includes(sentinel));
  }

  it("hears this process's write when its transaction commits, before the transaction's promise resolves", async () => {
    await atomically(db, async (transaction) => {
      await transaction.query('UPDATE challenge SET title = $2 WHERE id = $1', [ID.challenge1, 'Walk']);
      markChallengesChanged(transaction, [ID.challenge1]);
      expect(heard).toEqual([]); // not before the commit
    });
    expect(heard).toContain(ID.challenge1);
  });

  it("hears this process's rename and deletion of a profile, for each challenge it plays in, before they return", async () => {
    const world = sqlWorld(db);
    const joinedAt = new Date('2026-03-01T00:00:00Z');
    await world.memberships.addAllIfAbsent([
      { challengeId: ID.challenge1, profileId: ID.profile1, teamId: null, joinedAt, inactiveIntervals: [] },
      { challengeId: ID.challenge2, profileId: ID.profile1, teamId: null, joinedAt, inactiveIntervals: [] },
      { challengeId: ID.challenge2, profileId: ID.profile2, teamId: null, joinedAt, inactiveIntervals: [] },
    ]);
    // Without the trigger only the writes' own marks can be heard (on PostgreSQL its notification
    // may come later than the answer; on PGlite it comes before).
    await db.query('ALTER TABLE challenge DISABLE TRIGGER challenge_change_notify');
    try {
      // The joins' own notifications through the trigger, still on then, may come after their answer.
      await heardAllSoFar();
      heard.length = 0;
      const found = await world.profiles.findInApp(ID.appA, ID.profile1);
      await world.profiles.update({ ...(found as NonNullable<typeof found>), name: 'Renamed' });
      expect([...heard].sort()).toEqual([ID.challenge1, ID.challenge2]);
      heard.length = 0;
      await world.profiles.delete(ID.appA, ID.profile2);
      expect(heard).toEqual([ID.challenge2]);
      heard.length = 0;
      await world.profiles.delete(ID.appA, ID.profile1);
      expect([...heard].sort()).toEqual([ID.challenge1, ID.challenge2]);
    } finally {
      await db.query('ALTER TABLE challenge ENABLE TRIGGER challenge_change_notify');
    }
  });

  it('hears a rolled back change never; marking outside a transaction is refused', async () => {
    await expect(
      atomically(db, async (transaction) => {
        await transaction.query('UPDATE challenge SET title = $2 WHERE id = $1', [ID.challenge1, 'Walk']);
        markChallengesChanged(transaction, [ID.challenge1]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // Notifications come in commit order: once a later commit is heard, the rollback would have been.
    await elsewhere('UPDATE challenge SET title = $2 WHERE id = $1', [ID.challenge2, 'Later']);
    await until(() => heard.includes(ID.challenge2));
    expect(heard).not.toContain(ID.challenge1);
    expect(() => markChallengesChanged(db, [ID.challenge1])).toThrow('needs a transaction');
  });

  it("hears another session's update and deletion of a challenge row (the trigger)", async () => {
    await elsewhere('UPDATE challenge SET leaderboard_version = leaderboard_version + 1 WHERE id = $1', [ID.challenge1]);
    await elsewhere('DELETE FROM challenge WHERE id = $1', [ID.challenge2]);
    await until(() => heard.includes(ID.challenge1) && heard.includes(ID.challenge2));
  });

  it('hears the digest of every bearer that stops working: profile deleted or given another bearer, administrator token deleted', async () => {
    await elsewhere(`INSERT INTO admin_token (token_digest, app_id, expires_at) VALUES ('admin-digest', $1, now() + interval '1 day')`, [ID.appA]);
    await elsewhere('UPDATE profile SET name = $2 WHERE id = $1', [ID.profile1, 'Renamed']);
    await elsewhere('UPDATE profile SET bearer_digest = $2 WHERE id = $1', [ID.profile2, 'new-digest']);
    await elsewhere('DELETE FROM profile WHERE id = $1', [ID.profile1]);
    await elsewhere(`DELETE FROM admin_token WHERE token_digest = 'admin-digest'`, []);
    await until(() => revoked.length >= 3);
    // Creating a token and renaming a profile revoke nothing; challenges are another topic.
    expect(revoked).toEqual([`bearer-of-${ID.profile2}`, `bearer-of-${ID.profile1}`, 'admin-digest']);
    expect(heard).toEqual([]);
  });

  it('snapshots: a challenge read once is kept until a change of it is heard, then read again', async () => {
    const snapshots = new ChallengeSnapshots(reads, feed);
    expect((await snapshots.read(ID.appA, ID.challenge1))?.challenge.title).toBe('Steps');
    // Changed behind the feed's back (no trigger): the kept snapshot is what a read answers.
    await db.query('ALTER TABLE challenge DISABLE TRIGGER challenge_change_notify');
    await db.query('UPDATE challenge SET title = $2 WHERE id = $1', [ID.challenge1, 'Unheard']);
    await db.query('ALTER TABLE challenge ENABLE TRIGGER challenge_change_notify');
    expect((await snapshots.read(ID.appA, ID.challenge1))?.challenge.title).toBe('Steps');
    // Another app's bearer never gets it, kept or not.
    expect(await snapshots.read(ID.appB, ID.challenge1)).toBeNull();
    await elsewhere('UPDATE challenge SET title = $2, leaderboard_version = 7 WHERE id = $1', [ID.challenge1, 'Heard']);
    await until(() => heard.includes(ID.challenge1));
    const after = await snapshots.read(ID.appA, ID.challenge1);
    expect([after?.challenge.title, after?.leaderboardVersion]).toEqual(['Heard', '7']);
  });

  it('snapshots: nothing is kept while the feed is not complete (every read goes to the database)', async () => {
    const snapshots = new ChallengeSnapshots(reads, feed);
    await feed.onModuleDestroy();
    expect(feed.complete).toBe(false);
    expect((await snapshots.read(ID.appA, ID.challenge1))?.challenge.title).toBe('Steps');
    await db.query('ALTER TABLE challenge DISABLE TRIGGER challenge_change_notify');
    await db.query('UPDATE challenge SET title = $2 WHERE id = $1', [ID.challenge1, 'Unheard']);
    await db.query('ALTER TABLE challenge ENABLE TRIGGER challenge_change_notify');
    expect((await snapshots.read(ID.appA, ID.challenge1))?.challenge.title).toBe('Unheard');
  });
});
