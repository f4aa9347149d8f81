import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event of an app with no active challenge endpoint is written released and keeps only its
 * dedupe key: its body is null (TypeOrmEventOutbox.append). Rows written before keep theirs.
 */
export class ReleasedEventsWithoutBody1795600000001 implements MigrationInterface {
  name = 'ReleasedEventsWithoutBody1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge_event_outbox" ALTER COLUMN "payload" DROP NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "challenge_event_outbox" SET "payload" = '{}' WHERE "payload" IS NULL`);
    await queryRunner.query(`ALTER TABLE "challenge_event_outbox" ALTER COLUMN "payload" SET NOT NULL`);
  }
}
