import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The project's root: the nearest folder above this file with a package.json (the same for
 * `npm start`, which runs dist/, and `npm run cli`, which runs the sources).
 */
function projectRoot(): string {
  for (let folder = __dirname; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return process.cwd();
  }
}

/**
 * DATA_DIR as one absolute path: a relative one is read from the project's root, never from the
 * working directory, so the server and the CLI open the same embedded database wherever they
 * are started from. `memory://...` stays as it is.
 */
export function resolveDataDir(dataDir: string): string {
  if (dataDir.startsWith('memory://') || isAbsolute(dataDir)) return dataDir;
  return resolve(projectRoot(), dataDir);
}
