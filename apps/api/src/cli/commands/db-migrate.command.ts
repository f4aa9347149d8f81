import { DataSource } from 'typeorm';
import { runPendingMigrations } from '../../persistence/data-source-options';
import { CliCommand } from '../cli-command';

/**
 * Applies the pending migrations: the step of a deployment whose servers start with
 * MIGRATIONS_RUN=false. Under the start-up lock, so that two such steps (an init container per
 * replica) or a step beside a starting server run one after the other instead of both creating the
 * tables. With MIGRATIONS_RUN unset, opening the database has applied them already (under the same
 * lock) and this one finds none. Notes each one it applies; prints where the schema stands.
 */
export const dbMigrateCommand: CliCommand = {
  words: 'db migrate',
  usage: 'db migrate',
  options: {},
  async run(context, _values, output) {
    const dataSource = context.get(DataSource);
    const applied = await runPendingMigrations(dataSource);
    for (const migration of applied) output.note(`Applied ${migration.name}.`);
    const [{ count, last }]: { count: number; last: string | null }[] = await dataSource.query(
      'SELECT count(*)::int AS count, (array_agg(name ORDER BY timestamp DESC))[1] AS last FROM migrations',
    );
    output.out(`${count} migrations applied, the last ${last}.`);
    return 0;
  },
};
