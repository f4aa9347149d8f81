import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * profile_points_day is derived data (recomputable from the records): it keeps no foreign key,
 * whose per-row check was half the cost of an upload's ledger write. Deleting a profile deletes
 * its days in the same statement (TypeOrmProfileRepository.delete).
 */
export class LedgerWithoutForeignKey1795249000000 implements MigrationInterface {
  name = 'LedgerWithoutForeignKey1795249000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "profile_points_day" DROP CONSTRAINT "FK_b919017da9fa599a888ed6f40d1"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "profile_points_day" d WHERE NOT EXISTS (SELECT 1 FROM "profile" p WHERE p."app_id" = d."app_id" AND p."id" = d."profile_id")`);
    await queryRunner.query(`ALTER TABLE "profile_points_day" ADD CONSTRAINT "FK_b919017da9fa599a888ed6f40d1" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }
}
