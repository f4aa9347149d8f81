import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * member_period_score is derived data (recomputable from the records) and loses its two foreign
 * keys: their checks, one per row and key, were 60 % of inserting a whole challenge's scores
 * (320,000 rows: 4.4 s with them, 1.8 s without; docs/benchmarks.md "Scoring speed"). The score
 * upsert locks the challenge and the profiles once per call instead, and deleting a profile
 * or a challenge deletes its scores in the same transaction (TypeOrmProfileRepository.delete,
 * TypeOrmChallengeRepository.delete).
 */
export class ScoresWithoutForeignKeys1795600000000 implements MigrationInterface {
  name = 'ScoresWithoutForeignKeys1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "FK_136f884fad562caec3def15d738"`);
    await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "FK_7fa5a6c054a86c49d0545283d90"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM "member_period_score" s WHERE NOT EXISTS (SELECT 1 FROM "challenge" c WHERE c."app_id" = s."app_id" AND c."id" = s."challenge_id")
         OR NOT EXISTS (SELECT 1 FROM "profile" p WHERE p."app_id" = s."app_id" AND p."id" = s."profile_id")`,
    );
    await queryRunner.query(`ALTER TABLE "member_period_score" ADD CONSTRAINT "FK_7fa5a6c054a86c49d0545283d90" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "member_period_score" ADD CONSTRAINT "FK_136f884fad562caec3def15d738" FOREIGN KEY ("app_id", "challenge_id") REFERENCES "challenge"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }
}
