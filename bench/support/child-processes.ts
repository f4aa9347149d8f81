import { ChildProcess } from 'node:child_process';

/** Every server a bench started and that is still running. */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/**
 * The child, killed when the bench exits however it ends: a failed run otherwise leaves its API
 * on the port, and the next run's requests reach that stale process (its database wiped under it).
 */
export function killedOnExit<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
