import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { killedOnExit } from './child-processes';

/**
 * An anchor server of bench/anchors/ (TypeScript, transpiled on load) as its own process, with
 * `env` added to this process's; resolves once it says it listens. BENCH_ANCHOR_NODE_ARGS adds node
 * flags (e.g. '--cpu-prof --cpu-prof-dir=/tmp/p', to profile the anchor beside the API).
 */
export async function forkAnchor(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = killedOnExit(fork(join(__dirname, '..', 'anchors', file), [], {
    execArgv: [...(process.env.BENCH_ANCHOR_NODE_ARGS ?? '').split(' ').filter(Boolean), '-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, ...env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  }));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return child;
}
