import { DataSource } from 'typeorm';
import { inMemoryWorld, RepositoryWorld, sqlWorld } from './repository-world';
import { openTestDatabase, SqlEngine, truncateAll } from './test-database';

const SQL_ENGINES: readonly SqlEngine[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];

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
        let dataSource: DataSource;
        let current: RepositoryWorld;
        beforeAll(async () => {
          dataSource = await openTestDatabase(engine);
        });
        afterAll(() => dataSource?.destroy());
        beforeEach(async () => {
          await truncateAll(dataSource);
          current = sqlWorld(dataSource);
        });
        suite(() => current);
      });
    }
  });
}
