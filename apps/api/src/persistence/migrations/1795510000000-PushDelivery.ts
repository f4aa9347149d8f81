import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 12, docs/webhooks.md): push endpoints, the data-push outbox written with the
 * records, one delivery row per (event, endpoint) and the log of every attempt.
 * challenge_event_outbox.delivered_at now means "fanned out into deliveries".
 */
export class PushDelivery1795510000000 implements MigrationInterface {
  name = 'PushDelivery1795510000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "push_endpoint" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "data_type" text NOT NULL, "url" text NOT NULL, "active" boolean NOT NULL, "version" text NOT NULL, "secret" text NOT NULL, "previous_secret" text, "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "busy_until" TIMESTAMP WITH TIME ZONE, "disabled_reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_d4af969ef424fe03e2ba4e229c6" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_push_endpoint_active_type" ON "push_endpoint" ("app_id", "data_type") WHERE active`);
    await queryRunner.query(`CREATE TABLE "push_data_outbox" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "data_type" text NOT NULL, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "released_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_0209bb6d55603ba6b8e30b85587" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_push_data_outbox_unreleased" ON "push_data_outbox" ("created_at") WHERE released_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "push_delivery" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" uuid NOT NULL, "data_type" text NOT NULL, "event" text NOT NULL, "body" text NOT NULL, "status" text NOT NULL, "attempts" integer NOT NULL, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "last_error" text, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "lease_until" TIMESTAMP WITH TIME ZONE, "lease_token" uuid, CONSTRAINT "PK_bd763f9eb53aacc7b3d20f04f35" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_push_delivery_log" ON "push_delivery" ("app_id", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_push_delivery_due" ON "push_delivery" ("endpoint_id", "next_attempt_at") WHERE status = 'pending'`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_push_delivery_endpoint_event" ON "push_delivery" ("endpoint_id", "event_id")`);
    await queryRunner.query(`CREATE TABLE "push_attempt" ("app_id" uuid NOT NULL, "delivery_id" uuid NOT NULL, "attempt" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "error" text, CONSTRAINT "PK_46076a9a5aa7f81f36dc1a3b2a8" PRIMARY KEY ("app_id", "delivery_id", "attempt"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "push_attempt"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_push_delivery_endpoint_event"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_delivery_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_delivery_log"`);
    await queryRunner.query(`DROP TABLE "push_delivery"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_data_outbox_unreleased"`);
    await queryRunner.query(`DROP TABLE "push_data_outbox"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_endpoint_active_type"`);
    await queryRunner.query(`DROP TABLE "push_endpoint"`);
  }
}
