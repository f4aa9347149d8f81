import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily summaries of health_record by date, then member: (app_id, time, profile_id), partial
 * to daily_summary rows (subtype ''), the only ones a date finds (each is filed at 00:00 UTC of its
 * date). A rescoring batch of neighbouring members reads each date's summaries as one key range.
 * The page index (app_id, profile_id, type, subtype, time) keeps a member's records together, so
 * reading one date of every member probed a leaf of every member: one more day of 100,000 members
 * read the whole index, about 40,000 pages (docs/benchmarks.md "Thirtieth session").
 */
export class DailySummaryIndex1795600000008 implements MigrationInterface {
  name = 'DailySummaryIndex1795600000008';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_health_record_daily" ON "health_record" ("app_id", "time", "profile_id") WHERE type = 'daily_summary' AND subtype = ''`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_health_record_daily"`);
  }
}
