import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig, ConfigError } from '../config/app-config';

export const KEY_FILE_NAME = 'connection-token.key';

/**
 * The key sealing vendor tokens: CONNECTION_TOKEN_KEY when set. Without it, in embedded mode, a
 * key generated once into DATA_DIR/connection-token.key (mode 0600; kept with the data it protects)
 * or, for an in-memory database, a key as short-lived as the data. With DATABASE_URL and vendors
 * to connect, a missing key refuses the start: a key made up per process would leave every other
 * process (and the next start) unable to read the tokens.
 */
export function resolveConnectionTokenKey(config: AppConfig, vendorsConfigured: boolean): Buffer {
  if (config.connections.tokenKey) return config.connections.tokenKey;
  if (config.databaseUrl) {
    if (!vendorsConfigured) return randomBytes(32); // nothing will be sealed
    throw new ConfigError(
      'CONNECTION_TOKEN_KEY is required with DATABASE_URL when vendors are configured: set it to the base64 of 32 random bytes ' +
        '(openssl rand -base64 32), the same in every API process.',
    );
  }
  if (config.dataDir.startsWith('memory://')) return randomBytes(32);
  const path = join(config.dataDir, KEY_FILE_NAME);
  try {
    return decodeKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': never overwrite a key another process wrote meanwhile; read that one instead.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(path, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return decodeKey(readFileSync(path, 'utf8'), path);
  }
}

function decodeKey(text: string, path: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${path} does not hold the base64 of 32 bytes; restore it or remove it (stored vendor tokens become unreadable).`);
  return key;
}
