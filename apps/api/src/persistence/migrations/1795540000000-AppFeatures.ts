import { MigrationInterface, QueryRunner } from 'typeorm';

/** Features the operator grants per app (app grant / app revoke), e.g. ecg_pdf. */
export class AppFeatures1795540000000 implements MigrationInterface {
  name = 'AppFeatures1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "app_feature" ("app_id" uuid NOT NULL, "feature" text NOT NULL, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL, ` +
        `CONSTRAINT "PK_app_feature" PRIMARY KEY ("app_id", "feature"), ` +
        `CONSTRAINT "FK_app_feature_app" FOREIGN KEY ("app_id") REFERENCES "app"("id") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app_feature"`);
  }
}
