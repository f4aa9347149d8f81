import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * profile by its id alone. The scoring view of a profile's records and its points events are
 * read by profile id (their ports name no app), the app found with `(SELECT app_id FROM profile
 * WHERE id = $1)`; the primary key starts with app_id, so that lookup read the whole table: 3.8-6.1 ms
 * a read at 100,000 profiles against 0.37 ms with this index, and the scoring worker reads two
 * or three of them for each queued change (docs/benchmarks.md "Thirty-seventh session").
 */
export class ProfileById1795600000010 implements MigrationInterface {
  name = 'ProfileById1795600000010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_profile_id" ON "profile" ("id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_profile_id"`);
  }
}
