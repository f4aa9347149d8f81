import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';
import { resolveDataDir } from './data-dir';

const ROOT = join(__dirname, '../../../..');

describe('DATA_DIR', () => {
  it('reads a relative DATA_DIR, the default included, from the project root whatever the working directory', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'strive-cwd-'));
    const cwd = process.cwd();
    try {
      process.chdir(elsewhere);
      expect(loadConfig({}).dataDir).toBe(join(ROOT, 'data'));
      expect(resolveDataDir('var/db')).toBe(join(ROOT, 'var/db'));
    } finally {
      process.chdir(cwd);
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('keeps an absolute path and memory:// as given', () => {
    expect(resolveDataDir('/srv/strive')).toBe('/srv/strive');
    expect(resolveDataDir('memory://test')).toBe('memory://test');
  });
});

describe('METRICS_*', () => {
  it('is off by default, on loopback when on', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'a-token-of-16-chars' }).metrics).toEqual({ port: 9464, host: '127.0.0.1', token: 'a-token-of-16-chars' });
  });

  it('refuses the API port, a bad port and a short token', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be an integer between 0 and 65535.');
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters.');
  });
});
