import { MigrationInterface, QueryRunner } from "typeorm";

export class Gamification1795240986110 implements MigrationInterface {
    name = 'Gamification1795240986110'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "profile" ADD "team_id" uuid`);
        await queryRunner.query(`CREATE TABLE "challenge" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "title" text NOT NULL, "slogan" text NOT NULL DEFAULT '', "description" text NOT NULL DEFAULT '', "avatar" text, "start" TIMESTAMP WITH TIME ZONE NOT NULL, "end" TIMESTAMP WITH TIME ZONE NOT NULL, "timezone" text NOT NULL DEFAULT 'UTC', "type" text NOT NULL, "goal" text NOT NULL, "goal_value" double precision, "goal_type" text NOT NULL, "repetition" text NOT NULL, "calculation_method" text NOT NULL, "data_source" text NOT NULL, "activity_types" text array NOT NULL DEFAULT '{}', "enrollment_method" text NOT NULL, "visibility" text NOT NULL, "grace_days" integer NOT NULL, "leaderboard_version" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_62dfee8289c7a8ca09f26d1efa0" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_challenge_app_start" ON "challenge"  ("app_id", "start") `);
        await queryRunner.query(`CREATE TABLE "challenge_member" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "profile_id" uuid NOT NULL, "team_id" uuid, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL, "inactive_intervals" jsonb NOT NULL DEFAULT '[]', "is_active" boolean NOT NULL DEFAULT true, CONSTRAINT "PK_658024f76d10427c2ab9d7f08cf" PRIMARY KEY ("app_id", "challenge_id", "profile_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_challenge_member_team" ON "challenge_member"  ("team_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_challenge_member_profile" ON "challenge_member"  ("profile_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_challenge_member_challenge_joined" ON "challenge_member"  ("challenge_id", "joined_at") `);
        await queryRunner.query(`CREATE TABLE "challenge_opt_out" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "profile_id" uuid NOT NULL, CONSTRAINT "PK_0616e327fb5dba3945bdd856b75" PRIMARY KEY ("app_id", "challenge_id", "profile_id"))`);
        await queryRunner.query(`CREATE TABLE "team" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_1405ceceaba5a5e03fbb0d7018d" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_team_app_created" ON "team"  ("app_id", "created_at") `);
        await queryRunner.query(`CREATE TABLE "team_member" ("app_id" uuid NOT NULL, "team_id" uuid NOT NULL, "profile_id" uuid NOT NULL, "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_9d57169f8e8c0464934df82a98b" PRIMARY KEY ("app_id", "team_id", "profile_id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_team_member_profile" ON "team_member"  ("profile_id") `);
        await queryRunner.query(`CREATE TABLE "member_period_score" ("app_id" uuid NOT NULL, "challenge_id" uuid NOT NULL, "profile_id" uuid NOT NULL, "period_index" integer NOT NULL, "team_id" uuid, "period_start" TIMESTAMP WITH TIME ZONE NOT NULL, "period_end" TIMESTAMP WITH TIME ZONE NOT NULL, "progress" double precision NOT NULL, "goal_reached" boolean NOT NULL, "goal_reached_at" TIMESTAMP WITH TIME ZONE, "reached_at" TIMESTAMP WITH TIME ZONE, "fired_thresholds" double precision array NOT NULL DEFAULT '{}', "total_distance" double precision NOT NULL DEFAULT '0', "total_steps" double precision NOT NULL DEFAULT '0', "total_calories" double precision NOT NULL DEFAULT '0', "total_duration_seconds" double precision NOT NULL DEFAULT '0', "total_points" double precision NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_75e0434f149190efd48eea1ba54" PRIMARY KEY ("app_id", "challenge_id", "profile_id", "period_index"))`);
        await queryRunner.query(`CREATE INDEX "IDX_member_period_score_challenge_period" ON "member_period_score"  ("challenge_id", "period_index") `);
        await queryRunner.query(`CREATE TABLE "challenge_event_outbox" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "event" text NOT NULL, "challenge_id" uuid NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "delivered_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_ea61898e9eb8200937b25a281c1" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_challenge_event_outbox_pending" ON "challenge_event_outbox"  ("created_at") WHERE delivered_at IS NULL`);
        await queryRunner.query(`ALTER TABLE "challenge" ADD CONSTRAINT "FK_2e5be01ad46657487949ac2996e" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "challenge_member" ADD CONSTRAINT "FK_c17837ad4fce51f76c8615579b3" FOREIGN KEY ("app_id", "challenge_id") REFERENCES "challenge"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "challenge_member" ADD CONSTRAINT "FK_101ea76d05de0e89cd71ed471ac" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "challenge_opt_out" ADD CONSTRAINT "FK_6fb416a8c1b3627a66c950074e4" FOREIGN KEY ("app_id", "challenge_id") REFERENCES "challenge"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "challenge_opt_out" ADD CONSTRAINT "FK_307ce01eaec30f699442fa04b84" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "team" ADD CONSTRAINT "FK_9f8f727f3b6571f37f693ed588c" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "team_member" ADD CONSTRAINT "FK_0c1218b133ddfefe5f3baa48660" FOREIGN KEY ("app_id", "team_id") REFERENCES "team"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "team_member" ADD CONSTRAINT "FK_d2f2fceb2af62010a3bf5bcba7e" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "member_period_score" ADD CONSTRAINT "FK_136f884fad562caec3def15d738" FOREIGN KEY ("app_id", "challenge_id") REFERENCES "challenge"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "member_period_score" ADD CONSTRAINT "FK_7fa5a6c054a86c49d0545283d90" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "FK_7fa5a6c054a86c49d0545283d90"`);
        await queryRunner.query(`ALTER TABLE "member_period_score" DROP CONSTRAINT "FK_136f884fad562caec3def15d738"`);
        await queryRunner.query(`ALTER TABLE "team_member" DROP CONSTRAINT "FK_d2f2fceb2af62010a3bf5bcba7e"`);
        await queryRunner.query(`ALTER TABLE "team_member" DROP CONSTRAINT "FK_0c1218b133ddfefe5f3baa48660"`);
        await queryRunner.query(`ALTER TABLE "team" DROP CONSTRAINT "FK_9f8f727f3b6571f37f693ed588c"`);
        await queryRunner.query(`ALTER TABLE "challenge_opt_out" DROP CONSTRAINT "FK_307ce01eaec30f699442fa04b84"`);
        await queryRunner.query(`ALTER TABLE "challenge_opt_out" DROP CONSTRAINT "FK_6fb416a8c1b3627a66c950074e4"`);
        await queryRunner.query(`ALTER TABLE "challenge_member" DROP CONSTRAINT "FK_101ea76d05de0e89cd71ed471ac"`);
        await queryRunner.query(`ALTER TABLE "challenge_member" DROP CONSTRAINT "FK_c17837ad4fce51f76c8615579b3"`);
        await queryRunner.query(`ALTER TABLE "challenge" DROP CONSTRAINT "FK_2e5be01ad46657487949ac2996e"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_challenge_event_outbox_pending"`);
        await queryRunner.query(`DROP TABLE "challenge_event_outbox"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_member_period_score_challenge_period"`);
        await queryRunner.query(`DROP TABLE "member_period_score"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_team_member_profile"`);
        await queryRunner.query(`DROP TABLE "team_member"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_team_app_created"`);
        await queryRunner.query(`DROP TABLE "team"`);
        await queryRunner.query(`DROP TABLE "challenge_opt_out"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_challenge_member_challenge_joined"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_challenge_member_profile"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_challenge_member_team"`);
        await queryRunner.query(`DROP TABLE "challenge_member"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_challenge_app_start"`);
        await queryRunner.query(`DROP TABLE "challenge"`);
        await queryRunner.query(`ALTER TABLE "profile" DROP COLUMN "team_id"`);
    }

}
