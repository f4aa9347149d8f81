import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The durable job table; challenge_start/challenge_end bookkeeping on challenges; a dedupe key on
 * outbox events so that an event about the same thing is written once. Challenges that had
 * started or ended before this migration count as announced (no burst of old events on deploy);
 * existing outbox rows are keyed by their own id.
 */
export class JobsAndAnnouncements1795400000000 implements MigrationInterface {
  name = 'JobsAndAnnouncements1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "job" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "type" text NOT NULL, "app_id" uuid, "payload" jsonb NOT NULL, "status" text NOT NULL DEFAULT 'pending', "singleton_key" text, "attempts" integer NOT NULL DEFAULT '0', "max_attempts" integer NOT NULL DEFAULT '10', "run_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "locked_at" TIMESTAMP WITH TIME ZONE, "locked_by" text, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_98ab1c14ff8d1cf80d18703b92f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_job_pending_singleton" ON "job" ("singleton_key") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX "IDX_job_due" ON "job" ("run_at") WHERE status = 'pending'`);
    await queryRunner.query(`ALTER TABLE "challenge" ADD "start_announced" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "challenge" ADD "end_announced" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE "challenge" SET "start_announced" = ("start" <= now()), "end_announced" = ("end" <= now())`);
    await queryRunner.query(`ALTER TABLE "challenge_event_outbox" ADD "dedupe_key" text`);
    await queryRunner.query(`UPDATE "challenge_event_outbox" SET "dedupe_key" = "id"::text`);
    await queryRunner.query(`ALTER TABLE "challenge_event_outbox" ALTER COLUMN "dedupe_key" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_challenge_unannounced_start" ON "challenge" ("start") WHERE start_announced = false`);
    await queryRunner.query(`CREATE INDEX "IDX_challenge_unannounced_end" ON "challenge" ("end") WHERE end_announced = false`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_challenge_event_outbox_dedupe" ON "challenge_event_outbox" ("app_id", "dedupe_key")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_challenge_event_outbox_dedupe"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_challenge_unannounced_end"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_challenge_unannounced_start"`);
    await queryRunner.query(`ALTER TABLE "challenge_event_outbox" DROP COLUMN "dedupe_key"`);
    await queryRunner.query(`ALTER TABLE "challenge" DROP COLUMN "end_announced"`);
    await queryRunner.query(`ALTER TABLE "challenge" DROP COLUMN "start_announced"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_job_due"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_job_pending_singleton"`);
    await queryRunner.query(`DROP TABLE "job"`);
  }
}
