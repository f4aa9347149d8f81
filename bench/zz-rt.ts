import { Client, Pool } from 'pg';
import Redis from 'ioredis';
async function main() {
  const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/strive_bench_board_10000', max: 4 });
  const client = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/strive_bench_board_10000' }); await client.connect();
  const redis = new Redis({ host: '127.0.0.1', port: 6379 });
  const id = 'bbdff9b0-7c0d-4837-b897-9565f825d6c1';
  for (const [name, fn] of [
    ['pool param', () => pool.query('SELECT leaderboard_version FROM challenge WHERE id = ANY($1::uuid[])', [[id]])],
    ['client param', () => client.query('SELECT leaderboard_version FROM challenge WHERE id = ANY($1::uuid[])', [[id]])],
    ['client named prepared', () => client.query({ name: 'v', text: 'SELECT leaderboard_version FROM challenge WHERE id = ANY($1::uuid[])', values: [[id]] })],
    ['client simple', () => client.query(`SELECT leaderboard_version FROM challenge WHERE id = '${id}'`)],
    ['redis zcard', () => redis.zcard('x')],
  ] as const) {
    for (let i = 0; i < 500; i++) await (fn as () => Promise<unknown>)();
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const N = 3000;
    for (let i = 0; i < N; i++) await (fn as () => Promise<unknown>)();
    const c = process.cpuUsage(c0); const t = performance.now() - t0;
    console.log(name, { usPerCall: Math.round((t * 1000) / N), cpuUsPerCall: Math.round((c.user + c.system) / N), sysUs: Math.round(c.system / N) });
  }
  await pool.end(); await client.end(); redis.disconnect();
}
main();
