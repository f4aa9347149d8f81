import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is opened by one process at a time: two processes on the same files corrupt them. The
 * process that opens an embedded database writes `strive.lock` (its pid and role) into DATA_DIR
 * and removes it when it closes the database. Another process finding the file refuses to open
 * the database while that pid is alive; a lock whose process died (kill -9, a crash) is stale and
 * taken over.
 */
export const LOCK_FILE = 'strive.lock';

export type LockRole = 'server' | 'cli';

interface LockContent {
  readonly pid: number;
  readonly role: LockRole;
  readonly since: string;
}

export class EmbeddedDatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by a running Strive ${holder.role === 'server' ? 'server' : 'command'} ` +
        `(pid ${holder.pid}): stop it first, or set DATABASE_URL to share a PostgreSQL database.`,
    );
  }
}

const isEmbeddedFileDatabase = (dataDir: string) => !dataDir.startsWith('memory://');

function readLock(dataDir: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as Partial<LockContent>;
    return Number.isInteger(content.pid) ? (content as LockContent) : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of an embedded database for this process, or throws EmbeddedDatabaseInUseError
 * when another live process holds it. Taking it again in the same process keeps the first role.
 */
export function acquireEmbeddedDatabaseLock(dataDir: string, role: LockRole): void {
  if (!isEmbeddedFileDatabase(dataDir)) return;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    const holder = readLock(dataDir);
    if (holder?.pid === process.pid) return;
    if (holder && isAlive(holder.pid)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
    if (holder) unlinkSync(path);
    try {
      // 'wx': of two processes starting at once, exactly one creates the file.
      writeFileSync(path, JSON.stringify({ pid: process.pid, role, since: new Date().toISOString() }), { flag: 'wx', mode: 0o644 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new EmbeddedDatabaseInUseError(dataDir, readLock(dataDir) ?? { pid: 0, role: 'server', since: '' });
}

/** Gives the lock back (only when this process holds it). */
export function releaseEmbeddedDatabaseLock(dataDir: string): void {
  if (!isEmbeddedFileDatabase(dataDir) || readLock(dataDir)?.pid !== process.pid) return;
  try {
    unlinkSync(join(dataDir, LOCK_FILE));
  } catch {
    // Already gone.
  }
}
