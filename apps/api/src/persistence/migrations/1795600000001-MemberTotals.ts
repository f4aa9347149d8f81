import { MigrationInterface, QueryRunner } from 'typeorm';

const TOTALS = ['total_distance', 'total_steps', 'total_calories', 'total_duration_seconds', 'total_points'];

/**
 * Each member keeps the sums of its stored period totals (exact decimals), kept by the score
 * upsert as it changes them: a challenge's totals add up its members' rows instead of every stored
 * score (3.2 million rows, 3-4 s, at 100,000 members x 32 periods; docs/benchmarks.md "Scoring
 * speed"). Filled here from the stored scores.
 */
export class MemberTotals1795600000001 implements MigrationInterface {
  name = 'MemberTotals1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge_member" ${TOTALS.map((c) => `ADD "${c}" numeric NOT NULL DEFAULT '0'`).join(', ')}`);
    await queryRunner.query(
      `UPDATE "challenge_member" m SET ${TOTALS.map((c) => `"${c}" = t.${c}`).join(', ')}
       FROM (SELECT app_id, challenge_id, profile_id, ${TOTALS.map((c) => `sum(${c}::numeric) AS ${c}`).join(', ')}
             FROM "member_period_score" GROUP BY app_id, challenge_id, profile_id) t
       WHERE m.app_id = t.app_id AND m.challenge_id = t.challenge_id AND m.profile_id = t.profile_id`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge_member" ${TOTALS.map((c) => `DROP COLUMN "${c}"`).join(', ')}`);
  }
}
