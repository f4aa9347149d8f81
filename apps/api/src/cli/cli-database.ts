import { AppConfig } from '../config/app-config';

/** Which database a command is about to open, in words (never a password). */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded PGlite in ${config.dataDir} (DATA_DIR${process.env.DATA_DIR?.trim() ? '' : ' default'})`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
