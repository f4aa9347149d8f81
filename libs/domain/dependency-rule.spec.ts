import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The hexagon's dependency rule, enforced on every test run: libs/domain (code and
 * in-memory adapters, not its specs) imports no framework and no I/O module.
 */
const FORBIDDEN = [
  /^@nestjs\//, /^typeorm/, /^pg$/, /^pg-/, /^passport/, /^class-validator$/, /^class-transformer$/,
  /^express/, /^@electric-sql\//, /^pino/, /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|dgram|tls|dns|cluster|worker_threads)$/,
];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

export function forbiddenImports(root: string): string[] {
  return sourceFiles(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((specifier) => FORBIDDEN.some((rule) => rule.test(specifier)))
      .map((specifier) => `${relative(root, file)} imports ${specifier}`),
  );
}

describe('libs/domain dependency rule', () => {
  it('imports no framework or I/O module', () => {
    expect(forbiddenImports(__dirname)).toEqual([]);
  });

  it('would catch a violation (the check itself works)', () => {
    const sample = join(__dirname, '..', '..', 'apps', 'api', 'src', 'persistence');
    expect(forbiddenImports(sample).some((line) => line.endsWith('imports typeorm'))).toBe(true);
  });
});
