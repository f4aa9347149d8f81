import { DataSource } from 'typeorm';
import { inMemoryWorld, RepositoryWorld, sqlWorld } from './repository-world';
import { openTestDatabase, SQL_ENGINES, SqlEngine, truncateAll } from './test-database';

// One database per engine and test file, shared by its suites (an embedded one takes seconds to migrate).
const databases = new Map<SqlEngine, Promise<DataSource>>();
const database = (engine: SqlEngine) => {
  if (!databases.has(engine)) databases.set(engine, openTestDatabase(engine));
  return databases.get(engine) as Promise<DataSource>;
};
afterAll(async () => {
  for (const opened of databases.values()) await (await opened).destroy();
  databases.clear();
});

/**
 * Runs one contract suite against the in-memory twin and the TypeORM adapter on PGlite (and
 * on PostgreSQL when DATABASE_URL is set). `world()` is a fresh, empty store in every test.
 */
export function describeContract(name: string, suite: (world: () => RepositoryWorld) => void): void {
  describe(name, () => {
    describe('in memory', () => {
      let current: RepositoryWorld;
      beforeEach(() => {
        current = inMemoryWorld();
      });
      suite(() => current);
    });

    for (const engine of SQL_ENGINES) {
      describe(`TypeORM on ${engine}`, () => {
        let current: RepositoryWorld;
        beforeEach(async () => {
          const dataSource = await database(engine);
          await truncateAll(dataSource);
          current = sqlWorld(dataSource);
        });
        suite(() => current);
      });
    }
  });
}
