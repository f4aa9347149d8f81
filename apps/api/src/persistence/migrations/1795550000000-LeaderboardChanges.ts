import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * leaderboard_change (which members a leaderboard version changed), challenge.leaderboard_reset_version,
 * and an index on challenge.id (score writes and leaderboard reads find a challenge by id alone).
 */
export class LeaderboardChanges1795550000000 implements MigrationInterface {
  name = 'LeaderboardChanges1795550000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "leaderboard_change" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "version" bigint NOT NULL, ` +
        `"profile_id" uuid NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_leaderboard_change" PRIMARY KEY ("app_id", "challenge_id", "version", "profile_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_leaderboard_change_changed_at" ON "leaderboard_change" ("changed_at")`);
    await queryRunner.query(`ALTER TABLE "challenge" ADD "leaderboard_reset_version" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`CREATE INDEX "IDX_challenge_id" ON "challenge" ("id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_challenge_id"`);
    await queryRunner.query(`ALTER TABLE "challenge" DROP COLUMN "leaderboard_reset_version"`);
    await queryRunner.query(`DROP TABLE "leaderboard_change"`);
  }
}
