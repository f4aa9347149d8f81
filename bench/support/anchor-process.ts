import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/**
 * An anchor server of bench/anchors/ (TypeScript, transpiled on load) as its own process, with
 * `env` added to this process's; resolves once it says it listens.
 */
export async function forkAnchor(file: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(join(__dirname, '..', 'anchors', file), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, ...env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return child;
}
