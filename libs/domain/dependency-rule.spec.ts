import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The hexagon's dependency rule, enforced on every test run: libs/domain (code and
 * in-memory adapters, not its specs) imports no framework and no I/O module; inside it,
 * only use cases (and the barrel) import use cases, and no import circle exists.
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

function specifiersOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

export function forbiddenImports(root: string): string[] {
  return sourceFiles(root).flatMap((file) =>
    specifiersOf(file)
      .filter((specifier) => FORBIDDEN.some((rule) => rule.test(specifier)))
      .map((specifier) => `${relative(root, file)} imports ${specifier}`),
  );
}

/** File -> the files it imports by relative path (paths relative to root, `/`-separated). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export function importGraph(root: string): ImportGraph {
  const key = (file: string) => relative(root, file).split(sep).join('/');
  return new Map(
    sourceFiles(root).map((file) => [
      key(file),
      specifiersOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => join(dirname(file), specifier))
        .flatMap((target) => [`${target}.ts`, join(target, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1))
        .map(key),
    ]),
  );
}

/** Domain modules (not use cases, not the barrel) that import a use case. */
export function useCaseImports(graph: ImportGraph): string[] {
  const isUseCase = (file: string) => file.startsWith('src/use-cases/');
  return [...graph].flatMap(([file, targets]) =>
    !file.startsWith('src/') || isUseCase(file) || file === 'src/index.ts'
      ? []
      : targets.filter(isUseCase).map((target) => `${file} imports ${target}`),
  );
}

/** Every import circle found by a depth-first walk, each as the path that closes it (a -> b -> a). */
export function importCycles(graph: ImportGraph): string[] {
  const done = new Set<string>();
  const path: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string): void => {
    const open = path.indexOf(file);
    if (open >= 0) {
      cycles.push([...path.slice(open), file].join(' -> '));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    path.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return cycles;
}

describe('libs/domain dependency rule', () => {
  it('imports no framework or I/O module', () => {
    expect(forbiddenImports(__dirname)).toEqual([]);
  });

  it('would catch a violation (the check itself works)', () => {
    const sample = join(__dirname, '..', '..', 'apps', 'api', 'src', 'persistence');
    expect(forbiddenImports(sample).some((line) => line.endsWith('imports typeorm'))).toBe(true);
  });

  describe('inside the domain', () => {
    const graph = importGraph(__dirname);

    it('reads the real imports (relative paths resolved to files)', () => {
      expect(graph.get('src/use-cases/get-leaderboard.use-case.ts')).toContain('src/leaderboard/ranking-table.ts');
      expect(graph.get('testing/index.ts')?.length).toBeGreaterThan(0);
    });

    it('only use cases import use cases', () => {
      expect(useCaseImports(graph)).toEqual([]);
    });

    it('has no import circle', () => {
      expect(importCycles(graph)).toEqual([]);
    });

    it('would catch a use case imported by a domain module, and a circle (the checks themselves work)', () => {
      const sample: ImportGraph = new Map([
        ['src/leaderboard/ranking-table.ts', ['src/use-cases/get-leaderboard.use-case.ts']],
        ['src/use-cases/get-leaderboard.use-case.ts', ['src/leaderboard/ranking-table.ts', 'src/use-cases/other.use-case.ts']],
        ['src/index.ts', ['src/use-cases/get-leaderboard.use-case.ts']],
        ['src/a.ts', ['src/b.ts']],
        ['src/b.ts', ['src/c.ts']],
        ['src/c.ts', ['src/a.ts']],
      ]);
      expect(useCaseImports(sample)).toEqual(['src/leaderboard/ranking-table.ts imports src/use-cases/get-leaderboard.use-case.ts']);
      expect(importCycles(sample)).toEqual([
        'src/a.ts -> src/b.ts -> src/c.ts -> src/a.ts',
        // Reached through src/index.ts (walked in name order), so the circle opens at the use case.
        'src/use-cases/get-leaderboard.use-case.ts -> src/leaderboard/ranking-table.ts -> src/use-cases/get-leaderboard.use-case.ts',
      ]);
    });
  });
});
