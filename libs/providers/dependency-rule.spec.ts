import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The adapters stay framework-free and never depend on the sandbox: libs/providers/src imports
 * no Nest, TypeORM, pg, passport or class-validator, and nothing of libs/providers/sandbox
 * (the sandbox may use the adapters' shared credentials, not the other way round).
 */
const FORBIDDEN = [/^@nestjs\//, /^typeorm/, /^pg$/, /^pg-/, /^passport/, /^class-validator$/, /^class-transformer$/, /^@strive\/providers\/sandbox/, /(^|\/)sandbox(\/|$)/];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

export function forbiddenProviderImports(root: string): string[] {
  return sourceFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((specifier) => FORBIDDEN.some((rule) => rule.test(specifier)))
      .map((specifier) => `${file.slice(root.length + 1)} imports ${specifier}`),
  );
}

describe('libs/providers dependency rule', () => {
  it('imports no framework, persistence or validation library, and not the sandbox', () => {
    expect(forbiddenProviderImports(join(__dirname, 'src'))).toEqual([]);
  });

  it('would catch a violation (the check itself works)', () => {
    expect(forbiddenProviderImports(join(__dirname, '..', '..', 'apps', 'api', 'src', 'persistence')).some((line) => line.endsWith('imports typeorm'))).toBe(true);
    // A relative import of the sandbox from src would look like '../../sandbox/...'.
    expect(FORBIDDEN.some((rule) => rule.test('../../sandbox/strava.sandbox'))).toBe(true);
    expect(FORBIDDEN.some((rule) => rule.test('@strive/providers/sandbox'))).toBe(true);
    expect(FORBIDDEN.some((rule) => rule.test('./strava-mapping'))).toBe(false);
  });
});
