import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * member_period_score pages keep 30 % free: rescoring rewrites a member's stored periods (every
 * upload, every rule change) without touching an indexed column, so with room on the page the
 * new row version stays there (a HOT update: no new entries in the primary key and the
 * (challenge_id, period_index) index). Measured on an upsert of 610 stored rows: 33-43 ms at the
 * default fillfactor (100), 14-17 ms at 70 (docs/benchmarks.md "Scoring speed (issue 15)").
 * Pages written from now on get the room; existing ones as they are rewritten.
 */
export class ScoreFillFactor1795570000000 implements MigrationInterface {
  name = 'ScoreFillFactor1795570000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" SET (fillfactor = 70)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" RESET (fillfactor)`);
  }
}
