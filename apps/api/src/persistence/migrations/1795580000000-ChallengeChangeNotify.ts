import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every update or deletion of a challenge row (its rules, its leaderboard version: bumped by every
 * score and membership write) notifies channel strive_challenge_change with the challenge id at
 * commit, so that each API process can keep challenges and their leaderboard versions in memory
 * and drop them when they change (ChangeFeed, ChallengeSnapshots). A trigger rather than
 * a call in each writer: raw SQL and other processes (the CLI) are heard too. PostgreSQL folds
 * identical notifications of one transaction into one.
 */
export class ChallengeChangeNotify1795580000000 implements MigrationInterface {
  name = 'ChallengeChangeNotify1795580000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION challenge_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('strive_challenge_change', OLD.id::text);
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER challenge_change_notify AFTER UPDATE OR DELETE ON "challenge" FOR EACH ROW EXECUTE FUNCTION challenge_change_notify()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER challenge_change_notify ON "challenge"`);
    await queryRunner.query(`DROP FUNCTION challenge_change_notify()`);
  }
}
