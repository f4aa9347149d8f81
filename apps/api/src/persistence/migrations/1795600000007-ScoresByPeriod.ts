import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * member_period_score's primary key is ordered by period, then member: (app_id, challenge_id,
 * period_index, profile_id). Scores arrive a period at a time (today's data of every member, an
 * upload's new day), and a challenge's rows of one period now sit in a few hundred leaves of the
 * key, which stay in memory while the period is written. Ordered by member, one more day wrote
 * into a leaf of every member, the whole key: a 100,000-member day logged 263 MB of WAL, mostly
 * those leaves as full pages after a checkpoint; 68 MB so (docs/benchmarks.md "Twenty-ninth
 * session"). A member's rows are read with a probe per period. The key also serves what the
 * (challenge_id, period_index) index served (a leaderboard reads a challenge's period), so that
 * index goes.
 */
export class ScoresByPeriod1795600000007 implements MigrationInterface {
  name = 'ScoresByPeriod1795600000007';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "PK_75e0434f149190efd48eea1ba54",
      ADD CONSTRAINT "PK_75e0434f149190efd48eea1ba54" PRIMARY KEY ("app_id", "challenge_id", "period_index", "profile_id")`);
    await queryRunner.query(`DROP INDEX "public"."IDX_member_period_score_challenge_period"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_member_period_score_challenge_period" ON "member_period_score" ("challenge_id", "period_index")`);
    await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "PK_75e0434f149190efd48eea1ba54",
      ADD CONSTRAINT "PK_75e0434f149190efd48eea1ba54" PRIMARY KEY ("app_id", "challenge_id", "profile_id", "period_index")`);
  }
}
