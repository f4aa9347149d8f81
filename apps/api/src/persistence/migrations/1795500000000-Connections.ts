import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wearable connections (docs/connections.md): one row per profile and vendor with its sealed
 * tokens and sync bookkeeping, app_id first in every key; started connect flows by the digest of
 * their OAuth state. Both go with their profile.
 */
export class Connections1795500000000 implements MigrationInterface {
  name = 'Connections1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "connection" ("app_id" uuid NOT NULL, "id" uuid NOT NULL, "profile_id" uuid NOT NULL, "source" text NOT NULL, "state" text NOT NULL, "vendor_user_id" text, "sealed_grant" text, "token_expires_at" TIMESTAMP WITH TIME ZONE, "sync_state" text NOT NULL, "last_sync_at" TIMESTAMP WITH TIME ZONE, "synced_until" TIMESTAMP WITH TIME ZONE, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_9a4289cd54e4ec0dd7cb53715d7" PRIMARY KEY ("app_id", "id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_connection_sync_due" ON "connection"  ("last_sync_at") WHERE state IN ('connected', 'error') AND sealed_grant IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_connection_vendor_user" ON "connection"  ("source", "vendor_user_id") WHERE vendor_user_id IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_connection_profile_source" ON "connection"  ("app_id", "profile_id", "source") `);
    await queryRunner.query(`CREATE TABLE "connection_attempt" ("app_id" uuid NOT NULL, "state_digest" text NOT NULL, "profile_id" uuid NOT NULL, "source" text NOT NULL, "code_verifier" text NOT NULL, "redirect_uri" text NOT NULL, "redirect" text, "redirect_on_error" boolean NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3f584ed98a0c6877ff8ac5628af" PRIMARY KEY ("app_id", "state_digest"))`);
    await queryRunner.query(`CREATE INDEX "IDX_connection_attempt_expires" ON "connection_attempt"  ("expires_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_connection_attempt_state" ON "connection_attempt"  ("state_digest") `);
    await queryRunner.query(`CREATE INDEX "IDX_connection_attempt_profile" ON "connection_attempt"  ("app_id", "profile_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "connection" ADD CONSTRAINT "FK_fd49e1df2804a4a76d1820d1bc4" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "connection_attempt" ADD CONSTRAINT "FK_d64d648f7f6d106c05e7dc313d4" FOREIGN KEY ("app_id", "profile_id") REFERENCES "profile"("app_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connection_attempt" DROP CONSTRAINT "FK_d64d648f7f6d106c05e7dc313d4"`);
    await queryRunner.query(`ALTER TABLE "connection" DROP CONSTRAINT "FK_fd49e1df2804a4a76d1820d1bc4"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_connection_attempt_profile"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_connection_attempt_state"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_connection_attempt_expires"`);
    await queryRunner.query(`DROP TABLE "connection_attempt"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_connection_profile_source"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_connection_vendor_user"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_connection_sync_due"`);
    await queryRunner.query(`DROP TABLE "connection"`);
  }
}
