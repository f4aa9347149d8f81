import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The changes waiting for their challenge scores (scoring moved out of the upload's transaction),
 * and a notification at the commit of every statement that queues some (channel
 * strive_scoring_queued), so the scoring workers of every process start at once instead of at
 * their next poll (ChangeFeed, ScoringWorker).
 */
export class ScoringBacklog1795600000004 implements MigrationInterface {
  name = 'ScoringBacklog1795600000004';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "scoring_backlog" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "app_id" uuid NOT NULL, ` +
        `"profile_id" uuid NOT NULL, "from_at" TIMESTAMP WITH TIME ZONE NOT NULL, "to_at" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `"queued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "run_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ` +
        `"attempts" integer NOT NULL DEFAULT '0', "last_error" text, CONSTRAINT "PK_scoring_backlog" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`
      CREATE FUNCTION scoring_queued_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('strive_scoring_queued', '');
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER scoring_queued_notify AFTER INSERT ON "scoring_backlog" FOR EACH STATEMENT EXECUTE FUNCTION scoring_queued_notify()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER scoring_queued_notify ON "scoring_backlog"`);
    await queryRunner.query(`DROP FUNCTION scoring_queued_notify()`);
    await queryRunner.query(`DROP TABLE "scoring_backlog"`);
  }
}
