import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * leaderboard_change names the periods a score write changed (first_period..last_period; null:
 * every period, as for membership and profile changes and the rows written before), so that a
 * cached ranking of another period is left as it is instead of re-reading the changed members.
 */
export class LeaderboardChangePeriods1795600000005 implements MigrationInterface {
  name = 'LeaderboardChangePeriods1795600000005';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leaderboard_change" ADD "first_period" integer, ADD "last_period" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leaderboard_change" DROP COLUMN "first_period", DROP COLUMN "last_period"`);
  }
}
