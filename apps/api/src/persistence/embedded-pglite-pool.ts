import { PGlite, types } from '@electric-sql/pglite';
import { EventEmitter } from 'node:events';
import { acquireEmbeddedDatabaseLock, releaseEmbeddedDatabaseLock } from './embedded-database-lock';

/**
 * A `pg`-compatible pool over one embedded PGlite database, handed to TypeORM's
 * postgres driver. PGlite is a single session, so the pool lends its one client
 * to one borrower at a time: a transaction keeps every other query waiting instead
 * of seeing (or being rolled back with) its uncommitted work.
 */
export class EmbeddedPglitePool extends EventEmitter {
  private static databases = new Map<string, Promise<PGlite>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: { dataDir: string }) {
    super();
  }

  /** The shared PGlite of a data directory (one per process and directory). */
  static database(dataDir: string): Promise<PGlite> {
    let database = this.databases.get(dataDir);
    if (!database) {
      // One process per database files (embedded-database-lock.ts); the CLI has taken it already.
      acquireEmbeddedDatabaseLock(dataDir, 'server');
      database = PGlite.create({
        dataDir,
        // TypeORM sends JS booleans; serialise them as PostgreSQL literals.
        serializers: { [types.BOOL]: (value: unknown) => (value === true || value === 'true' || value === 1 ? 'TRUE' : 'FALSE') },
      });
      this.databases.set(dataDir, database);
    }
    return database;
  }

  connect(callback: (error: Error | null, client: EmbeddedClient | null, release: () => void) => void): void {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => turn);
    previous
      .then(() => EmbeddedPglitePool.database(this.options.dataDir))
      .then(
        (database) => callback(null, new EmbeddedClient(database), () => release()),
        (error: Error) => {
          release();
          callback(error, null, () => undefined);
        },
      );
  }

  end(callback: (error: Error | null) => void): void {
    const database = EmbeddedPglitePool.databases.get(this.options.dataDir);
    EmbeddedPglitePool.databases.delete(this.options.dataDir);
    this.queue
      .then(() => database?.then((db) => db.close()))
      .then(() => releaseEmbeddedDatabaseLock(this.options.dataDir))
      .then(() => callback(null), (error: Error) => callback(error));
  }
}

/** One borrowed session; answers in the shape TypeORM reads from `pg` results. */
class EmbeddedClient extends EventEmitter {
  constructor(private readonly database: PGlite) {
    super();
  }

  /** `statement`: a string, or pg's { name, text } of a prepared statement (PGlite's session parses it each time). */
  async query(statement: string | { text: string }, parameters?: unknown[]) {
    const sql = typeof statement === 'string' ? statement : statement.text;
    const command = sql.trim().split(/\s+/, 1)[0]?.toUpperCase() ?? '';
    if (parameters && parameters.length > 0) {
      const result = await this.database.query<Record<string, unknown>>(sql, parameters);
      return { rows: result.rows, fields: result.fields, rowCount: result.affectedRows ?? result.rows.length, command };
    }
    // Without parameters a string may hold several statements; TypeORM reads the last result.
    const results = await this.database.exec(sql);
    const last = results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 };
    return { rows: last.rows, fields: last.fields, rowCount: last.affectedRows ?? last.rows.length, command };
  }
}

/** The `pg`-module shape TypeORM's `driver` option expects. */
export function embeddedPgliteDriver(dataDir: string) {
  return {
    Pool: class extends EmbeddedPglitePool {
      constructor() {
        super({ dataDir });
      }
    },
  };
}
