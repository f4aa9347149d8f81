/**
 * Time from `npm start` to ready on the embedded database: the first start (empty
 * data directory: PGlite initdb + migrations + demo app) and later starts.
 * "Ready" = GET /health answers 200. Run: npx ts-node bench/startup.bench.ts [laterStarts]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const PORT = 3901;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not ready within the deadline');
}

async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForHealth(Date.now() + 60_000);
    return performance.now() - started;
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // npm may exit before the server has closed the database: the next start waits for its lock to go.
    for (let i = 0; i < 600 && existsSync(join(dataDir, 'strive.lock')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const later = Number(process.argv[2] ?? 3);
  const dataDir = mkdtempSync(join(tmpdir(), 'strive-startup-'));
  try {
    const first = await timeStart(dataDir);
    const laterTimes: number[] = [];
    for (let i = 0; i < later; i++) laterTimes.push(await timeStart(dataDir));
    const sorted = [...laterTimes].sort((a, b) => a - b);
    console.log(JSON.stringify({
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      firstStartMs: Math.round(first),
      laterStartsMs: laterTimes.map(Math.round),
      laterMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
    }, null, 2));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
