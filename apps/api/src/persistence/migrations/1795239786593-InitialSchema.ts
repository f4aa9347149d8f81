import { MigrationInterface, QueryRunner } from "typeorm";

export class InitialSchema1795239786593 implements MigrationInterface {
    name = 'InitialSchema1795239786593'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "app" ("id" uuid NOT NULL, "name" text NOT NULL, "client_id" text NOT NULL, "client_secret_digest" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_03e6036388b279d785e1a4e86e3" UNIQUE ("client_id"), CONSTRAINT "PK_9478629fc093d229df09e560aea" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "admin_token" ("token_digest" text NOT NULL, "app_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b9ea4eeb5276fccfb8fd02ea955" PRIMARY KEY ("token_digest"))`);
        await queryRunner.query(`CREATE INDEX "IDX_admin_token_app" ON "admin_token"  ("app_id") `);
        await queryRunner.query(`CREATE INDEX "IDX_admin_token_expires_at" ON "admin_token"  ("expires_at") `);
        await queryRunner.query(`CREATE TABLE "profile" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "name" text NOT NULL, "gender" text, "reference" text NOT NULL DEFAULT '', "bearer_digest" text NOT NULL, "total_points" double precision NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_396981eeb521af0fe3c11ff1645" UNIQUE ("bearer_digest"), CONSTRAINT "PK_f3bf43894e9936b24c0069daa58" PRIMARY KEY ("app_id", "id"))`);
        await queryRunner.query(`CREATE INDEX "IDX_profile_app_created" ON "profile"  ("app_id", "created_at") `);
        await queryRunner.query(`ALTER TABLE "admin_token" ADD CONSTRAINT "FK_55b2f225a7e0d4ab379ce5f4eae" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "profile" ADD CONSTRAINT "FK_30d6c3b61d8c6b7166829981d48" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "profile" DROP CONSTRAINT "FK_30d6c3b61d8c6b7166829981d48"`);
        await queryRunner.query(`ALTER TABLE "admin_token" DROP CONSTRAINT "FK_55b2f225a7e0d4ab379ce5f4eae"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_profile_app_created"`);
        await queryRunner.query(`DROP TABLE "profile"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_admin_token_expires_at"`);
        await queryRunner.query(`DROP INDEX "public"."IDX_admin_token_app"`);
        await queryRunner.query(`DROP TABLE "admin_token"`);
        await queryRunner.query(`DROP TABLE "app"`);
    }

}
