import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * challenge_member pages keep half their room free: every score write moves its members' totals
 * (TypeOrmScoreRepository.saveMany), and a rescoring batch rewrites every member of a page in one
 * transaction, whose old row versions only become reusable after it commits. With room for a new
 * version of each row on its page, the update is HOT: none of the table's four indexes gets a new
 * entry. A 100,000-member day's rescoring: 51-59 % of these updates HOT at the default fillfactor
 * (100), all of them at 50; PostgreSQL's CPU 7.6-7.8 s against 8.3-8.4 s, its WAL records halved
 * (docs/benchmarks.md "Twenty-seventh session"). Pages written from now on get the room; existing
 * ones as they are rewritten.
 */
export class MemberFillFactor1795600000006 implements MigrationInterface {
  name = 'MemberFillFactor1795600000006';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge_member" SET (fillfactor = 50)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge_member" RESET (fillfactor)`);
  }
}
