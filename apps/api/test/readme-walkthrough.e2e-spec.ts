import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../../..');

/**
 * Issue 14: the README's walkthrough (credentials, points rules, profile, challenge, join, upload,
 * leaderboard, points, the typed client) is pasted into bash against a fresh API by
 * scripts/readme-walkthrough.sh; a command that fails, or an end state that differs, fails this test.
 */
describe('the README walkthrough', () => {
  it('runs from credentials to a leaderboard and points', async () => {
    const run = promisify(execFile)('bash', ['scripts/readme-walkthrough.sh'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const { stdout } = await run.catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`scripts/readme-walkthrough.sh failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).toContain('1. Ann Runner: 12000 (goal reached)\n');
    expect(stdout).toContain('README walkthrough: OK');
  }, 240_000);
});
