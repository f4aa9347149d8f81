/**
 * What one small read costs the API process, by the way it is sent (docs/decisions.md "Hot reads
 * on their own connection"): the same parameterized statement through a pg Pool (unnamed, as
 * TypeORM's DataSource.query sends it), on a plain pg Client (unnamed, then prepared by name),
 * and, as the anchor, one Redis command. Prints the wall time and this process's CPU time per call.
 *
 * Run: npx ts-node bench/pg-round-trip.bench.ts   (BENCH_DATABASE_URL, default the test database;
 * Redis at 127.0.0.1:6379)
 */
import Redis from 'ioredis';
import { Client, Pool } from 'pg';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CALLS = 3_000;
const SQL = 'SELECT oid, relname FROM pg_class WHERE oid = ANY($1::oid[])';

async function measure(name: string, call: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 500; i++) await call();
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const used = process.cpuUsage(cpu);
  console.log(name.padEnd(28), {
    usPerCall: Math.round(((performance.now() - began) * 1000) / CALLS),
    cpuUsPerCall: Math.round((used.user + used.system) / CALLS),
  });
}

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: URL, max: 4 });
  const client = new Client({ connectionString: URL });
  await client.connect();
  const redis = new Redis({ host: '127.0.0.1', port: 6379 });
  const values = [[1259]];
  await measure('pool, unnamed statement', () => pool.query(SQL, values));
  await measure('client, unnamed statement', () => client.query(SQL, values));
  await measure('client, prepared statement', () => client.query({ name: 'bench_pg_class', text: SQL, values }));
  await measure('anchor: Redis ZCARD', () => redis.zcard('strive-bench:none'));
  await Promise.all([pool.end(), client.end()]);
  redis.disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
