import { MigrationInterface, QueryRunner } from "typeorm";

export class DataPlatform1795240938177 implements MigrationInterface {
    name = 'DataPlatform1795240938177'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "health_record" ("app_id" uuid NOT NULL, "id" BIGSERIAL NOT NULL, "profile_id" uuid NOT NULL, "type" text NOT NULL, "subtype" text NOT NULL DEFAULT '', "source" text NOT NULL, "external_id" text NOT NULL, "time" TIMESTAMP WITH TIME ZONE NOT NULL, "end_time" TIMESTAMP WITH TIME ZONE, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3d3971319376c240aef40754176" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_health_record_page" ON "health_record"  ("app_id", "profile_id", "type", "subtype", "time", "id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "UQ_health_record_key" ON "health_record"  ("app_id", "profile_id", "type", "source", "external_id") `);
        await queryRunner.query(`CREATE TABLE "points_definition" ("app_id" uuid NOT NULL, "definition" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_502c413b3202ee7701769f3432c" PRIMARY KEY ("app_id"))`);
        await queryRunner.query(`CREATE TABLE "points_event" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "profile_id" uuid NOT NULL, "name" text NOT NULL, "points" double precision NOT NULL, "timestamp" TIMESTAMP WITH TIME ZONE NOT NULL, "activity_type" text, "reference" text NOT NULL DEFAULT '', CONSTRAINT "PK_9f259691d96cd985224e490cfc3" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_points_event_page" ON "points_event"  ("app_id", "profile_id", "timestamp", "id") `);
        await queryRunner.query(`CREATE TABLE "profile_points_day" ("app_id" uuid NOT NULL, "profile_id" uuid NOT NULL, "day" date NOT NULL, "daily_summary_points" double precision NOT NULL, "workout_points" double precision NOT NULL, CONSTRAINT "PK_a61fe9f205f4f1757a001913bbb" PRIMARY KEY ("app_id", "profile_id", "day"))`);
        await queryRunner.query(`ALTER TABLE "health_record" ADD CONSTRAINT "FK_0051804dc9b2ef518f1536718e8" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "points_definition" ADD CONSTRAINT "FK_502c413b3202ee7701769f3432c" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "points_event" ADD CONSTRAINT "FK_f4999120ef0a42b1b588195398c" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "profile_points_day" ADD CONSTRAINT "FK_b919017da9fa599a888ed6f40d1" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "profile_points_day" DROP CONSTRAINT "FK_b919017da9fa599a888ed6f40d1"`);
        await queryRunner.query(`ALTER TABLE "points_event" DROP CONSTRAINT "FK_f4999120ef0a42b1b588195398c"`);
        await queryRunner.query(`ALTER TABLE "points_definition" DROP CONSTRAINT "FK_502c413b3202ee7701769f3432c"`);
        await queryRunner.query(`ALTER TABLE "health_record" DROP CONSTRAINT "FK_0051804dc9b2ef518f1536718e8"`);
        await queryRunner.query(`DROP TABLE "profile_points_day"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_points_event_page"`);
        await queryRunner.query(`DROP TABLE "points_event"`);
        await queryRunner.query(`DROP TABLE "points_definition"`);
        await queryRunner.query(`DROP INDEX "public"."UQ_health_record_key"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_health_record_page"`);
        await queryRunner.query(`DROP TABLE "health_record"`);
    }

}
