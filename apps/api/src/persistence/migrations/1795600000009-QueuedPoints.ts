import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The points ledger moved out of the write's transaction into the scoring worker's: every change
 * is queued now, and `replaced` says that a stored record was replaced, so the worker recounts the
 * profile's points over its whole history (docs/decisions.md "Points are settled by the scoring
 * worker"). Changes queued before this migration replaced nothing the ledger had not counted.
 */
export class QueuedPoints1795600000009 implements MigrationInterface {
  name = 'QueuedPoints1795600000009';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scoring_backlog" ADD "replaced" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scoring_backlog" DROP COLUMN "replaced"`);
  }
}
