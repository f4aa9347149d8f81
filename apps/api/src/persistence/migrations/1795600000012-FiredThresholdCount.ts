import { MigrationInterface, QueryRunner } from 'typeorm';

/** A list's count of the thresholds 0.25, 0.5, 0.75 and 1 at or below its highest (domain firedThresholdCount). */
export const COUNT_OF_FIRED_LIST = `CASE WHEN 1::float8 <= ANY(fired_thresholds) THEN 4 WHEN 0.75::float8 <= ANY(fired_thresholds) THEN 3
  WHEN 0.5::float8 <= ANY(fired_thresholds) THEN 2 WHEN 0.25::float8 <= ANY(fired_thresholds) THEN 1 ELSE 0 END`;

/**
 * A score's notified thresholds as their count from the lowest (`fired_threshold_count`, 0-4),
 * not a float8[] of them: crossing thresholds reads only the highest one fired (domain
 * firedThresholdCount), and the list took 43 of a row's 237 bytes on average after a first
 * scoring, the count 8 with its padding (docs/benchmarks.md "Forty-first session"). The table is
 * rewritten once.
 */
export class FiredThresholdCount1795600000012 implements MigrationInterface {
  name = 'FiredThresholdCount1795600000012';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" ALTER COLUMN "fired_thresholds" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "member_period_score" ALTER COLUMN "fired_thresholds" TYPE smallint USING (${COUNT_OF_FIRED_LIST})`);
    await queryRunner.query(`ALTER TABLE "member_period_score" RENAME COLUMN "fired_thresholds" TO "fired_threshold_count"`);
    await queryRunner.query(`ALTER TABLE "member_period_score" ALTER COLUMN "fired_threshold_count" SET DEFAULT 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" ALTER COLUMN "fired_threshold_count" DROP DEFAULT`);
    await queryRunner.query(
      `ALTER TABLE "member_period_score" ALTER COLUMN "fired_threshold_count" TYPE double precision[]
       USING ((ARRAY[0.25, 0.5, 0.75, 1]::double precision[])[1:fired_threshold_count])`,
    );
    await queryRunner.query(`ALTER TABLE "member_period_score" RENAME COLUMN "fired_threshold_count" TO "fired_thresholds"`);
    await queryRunner.query(`ALTER TABLE "member_period_score" ALTER COLUMN "fired_thresholds" SET DEFAULT '{}'`);
  }
}
