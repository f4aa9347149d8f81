import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * health_record loses its foreign key to profile: its check ran once per row (500 times an upload,
 * a third of the records' upsert; docs/benchmarks.md "Seventh session"). What it enforced stays:
 * the upsert locks the profile row once (FOR KEY SHARE, the lock the check took, so a deletion
 * waits for the upload) and refuses a profile that is gone; deleting profiles deletes their records
 * in the same statement (this trigger), whoever deletes them (a profile, an app, raw SQL).
 */
export class RecordsWithoutForeignKey1795600000002 implements MigrationInterface {
  name = 'RecordsWithoutForeignKey1795600000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "health_record" DROP CONSTRAINT "FK_0051804dc9b2ef518f1536718e8"`);
    await queryRunner.query(`
      CREATE FUNCTION delete_profile_records() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM health_record r USING deleted_profile p WHERE r.app_id = p.app_id AND r.profile_id = p.id;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER delete_profile_records AFTER DELETE ON "profile" REFERENCING OLD TABLE AS deleted_profile
       FOR EACH STATEMENT EXECUTE FUNCTION delete_profile_records()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER delete_profile_records ON "profile"`);
    await queryRunner.query(`DROP FUNCTION delete_profile_records()`);
    await queryRunner.query(
      `DELETE FROM "health_record" r WHERE NOT EXISTS (SELECT 1 FROM "profile" p WHERE p."app_id" = r."app_id" AND p."id" = r."profile_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "health_record" ADD CONSTRAINT "FK_0051804dc9b2ef518f1536718e8" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }
}
