import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every bearer that stops working notifies channel strive_bearer_revoked with its digest at
 * commit: a profile deleted (its bearer with it) or given another bearer digest, an administrator
 * token deleted (`app rotate-secret`, `app delete`, the expired tokens' clean-up). Each API process
 * keeps the bearers it resolved until it hears of them here (ChangeFeed, PrincipalCache), instead
 * of looking them up again every few seconds. A trigger rather than a call in each writer: the
 * CLI, cascades and raw SQL are heard too. The column holding the digest is the trigger's argument.
 */
export class BearerRevokedNotify1795590000000 implements MigrationInterface {
  name = 'BearerRevokedNotify1795590000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION bearer_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('strive_bearer_revoked', to_jsonb(OLD) ->> TG_ARGV[0]);
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER bearer_revoked_notify AFTER DELETE ON "profile" FOR EACH ROW EXECUTE FUNCTION bearer_revoked_notify('bearer_digest')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER bearer_replaced_notify AFTER UPDATE OF bearer_digest ON "profile" FOR EACH ROW
       WHEN (OLD.bearer_digest IS DISTINCT FROM NEW.bearer_digest) EXECUTE FUNCTION bearer_revoked_notify('bearer_digest')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER bearer_revoked_notify AFTER DELETE ON "admin_token" FOR EACH ROW EXECUTE FUNCTION bearer_revoked_notify('token_digest')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER bearer_revoked_notify ON "admin_token"`);
    await queryRunner.query(`DROP TRIGGER bearer_replaced_notify ON "profile"`);
    await queryRunner.query(`DROP TRIGGER bearer_revoked_notify ON "profile"`);
    await queryRunner.query(`DROP FUNCTION bearer_revoked_notify()`);
  }
}
