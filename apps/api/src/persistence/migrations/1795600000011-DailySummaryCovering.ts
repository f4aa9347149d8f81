import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily summary index (DailySummaryIndex) carries what scoring reads of a summary: source,
 * external_id and data (INCLUDE), so that a rescoring batch's read of each date's summaries is
 * an index-only scan of a few neighbouring leaves. Summaries arrive a day at a time for every
 * member, so a member's month lies on 30 heap pages shared with other members' same day: 70
 * neighbouring members' 1,931 summaries of 31 dates lay on 1,948 heap pages (55 ms; 10 ms
 * index-only, docs/benchmarks.md "Forty-first session"). A summary's data is bounded by its schema (a few
 * numbers, a duration, two small objects), well within a B-tree entry's 2,704 bytes.
 */
export class DailySummaryCovering1795600000011 implements MigrationInterface {
  name = 'DailySummaryCovering1795600000011';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_health_record_daily"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_health_record_daily" ON "health_record" ("app_id", "time", "profile_id") INCLUDE ("source", "external_id", "data")
       WHERE type = 'daily_summary' AND subtype = ''`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_health_record_daily"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_health_record_daily" ON "health_record" ("app_id", "time", "profile_id") WHERE type = 'daily_summary' AND subtype = ''`,
    );
  }
}
