import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * leaderboard_change keeps one row per leaderboard version, with the changed members as an array,
 * instead of one row per member and version: a batch of 1,000 rescored members wrote 1,000 rows and
 * index entries (16 ms of the batch) where one row takes 3 ms (docs/benchmarks.md "Ninth session").
 * The log is transient (minutes): it is recreated empty, and a cached ranking behind it finds the
 * log incomplete and is rebuilt once, as after a pruning.
 */
export class LeaderboardChangeMemberLists1795600000003 implements MigrationInterface {
  name = 'LeaderboardChangeMemberLists1795600000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "leaderboard_change"`);
    await queryRunner.query(
      `CREATE TABLE "leaderboard_change" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "version" bigint NOT NULL, ` +
        `"profile_ids" uuid array NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_leaderboard_change" PRIMARY KEY ("app_id", "challenge_id", "version"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_leaderboard_change_changed_at" ON "leaderboard_change" ("changed_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "leaderboard_change"`);
    await queryRunner.query(
      `CREATE TABLE "leaderboard_change" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "version" bigint NOT NULL, ` +
        `"profile_id" uuid NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `CONSTRAINT "PK_leaderboard_change" PRIMARY KEY ("app_id", "challenge_id", "version", "profile_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_leaderboard_change_changed_at" ON "leaderboard_change" ("changed_at")`);
  }
}
