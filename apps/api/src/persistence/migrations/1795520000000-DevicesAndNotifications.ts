import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Devices and notifications (issue 12): push tokens (one per app and token, deleted with their
 * profile), notifications with the progress and counts of their fan-out job, and what the
 * recording push sender kept when no push service is configured.
 */
export class DevicesAndNotifications1795520000000 implements MigrationInterface {
  name = 'DevicesAndNotifications1795520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "device" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "profile_id" uuid NOT NULL, "token" text NOT NULL, "platform" text NOT NULL, "registered_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_14f4f9d64c1117b1b1d8d0cf781" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_device_app_profile" ON "device"  ("app_id", "profile_id", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_device_app_token" ON "device"  ("app_id", "token") `);
    await queryRunner.query(`CREATE TABLE "notification" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "title" text NOT NULL, "body" text NOT NULL, "data" jsonb NOT NULL, "image" text, "profile_ids" jsonb, "status" text NOT NULL, "last_device_id" uuid, "devices" integer NOT NULL DEFAULT '0', "sent" integer NOT NULL DEFAULT '0', "failed" integer NOT NULL DEFAULT '0', "unregistered" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ce9e5757b427e25717aa1ef2687" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_notification_app_created" ON "notification"  ("app_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "recorded_push" ("app_id" uuid NOT NULL, "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "notification_id" uuid NOT NULL, "platform" text NOT NULL, "token" text NOT NULL, "message" jsonb NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_d4f88bcad74d6cb19cf03059656" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_recorded_push_notification" ON "recorded_push"  ("app_id", "notification_id", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_recorded_push_recorded_at" ON "recorded_push"  ("recorded_at") `);
    await queryRunner.query(`ALTER TABLE "device" ADD CONSTRAINT "FK_7c4e1a4f334026059004ea1d560" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "notification" ADD CONSTRAINT "FK_ea10ca06fd026d6a2a4f1e368d2" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "recorded_push" ADD CONSTRAINT "FK_8774486d32c7c5caab2c870240c" FOREIGN KEY ("app_id", "notification_id") REFERENCES "notification"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "recorded_push" DROP CONSTRAINT "FK_8774486d32c7c5caab2c870240c"`);
    await queryRunner.query(`ALTER TABLE "notification" DROP CONSTRAINT "FK_ea10ca06fd026d6a2a4f1e368d2"`);
    await queryRunner.query(`ALTER TABLE "device" DROP CONSTRAINT "FK_7c4e1a4f334026059004ea1d560"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_recorded_push_recorded_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_recorded_push_notification"`);
    await queryRunner.query(`DROP TABLE "recorded_push"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notification_app_created"`);
    await queryRunner.query(`DROP TABLE "notification"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_device_app_token"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_device_app_profile"`);
    await queryRunner.query(`DROP TABLE "device"`);
  }
}
