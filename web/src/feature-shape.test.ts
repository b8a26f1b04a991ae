import { describe, expect, it } from 'vitest';

/**
 * Every feature folder (src/features/<name>) and every topic folder inside one
 * (features/bookings/holds, features/organisations/tags) has one shape:
 *
 *   api/         one file per endpoint: its fetcher, its queryOptions (the query key built there)
 *                and its hook or mutation. A file that chooses between sibling endpoints (or
 *                holds what a kind's endpoints share) may call none itself, never two.
 *   components/  React components (.tsx), their tests, test data and CSS modules; no plain .ts.
 *   routes/      the pages the router loads (.tsx) and their tests.
 *   hooks/       React hooks that are not components (use-*.ts), and their tests.
 *   rules.ts     the folder's types and pure rules (no React, no fetch), tested in rules.test.ts
 *                (and rules.<kind>.test.ts for a test of another kind, such as a fuzz test).
 *   index.ts     a feature's public entry (feature root only: eslint.config.js).
 *   fixtures.test-data.ts(x)  test data shared by the folder's tests.
 *   content/     static text the pages render (markdown), no code.
 *   <topic>/     a topic folder, itself of this shape.
 */

/** Every file under src/features by its path from there ('bookings/holds/rules.ts'), with its text. */
const FILES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('./features/**/*', { query: '?raw', import: 'default', eager: true }),
  ).map(([p, text]) => [p.slice('./features/'.length), text]),
);

/**
 * Features allowed out of the shape, each with what is left to align; an entry goes once its
 * feature has the shape (the test below fails for an entry whose feature already has it).
 */
const PENDING: Record<string, string> = {};

const LAYERS = new Set(['api', 'components', 'routes', 'hooks', 'content']);
const isTest = (f: string) => /\.test\.tsx?$/.test(f) || /\.test-data\.tsx?$/.test(f);

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** The entries right under a folder ('' for src/features) of a tree given as its files' paths. */
function entries(tree: readonly string[], dir: string): { files: string[]; dirs: string[] } {
  const prefix = dir ? `${dir}/` : '';
  const files: string[] = [];
  const dirs = new Set<string>();
  for (const p of tree) {
    if (!p.startsWith(prefix)) continue;
    const rest = p.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash < 0) files.push(p);
    else dirs.add(rest.slice(0, slash));
  }
  return { files, dirs: [...dirs] };
}

/** What is wrong with one file of a layer folder, or null. */
function layerProblem(layer: string, file: string): string | null {
  const name = baseName(file);
  switch (layer) {
    case 'components':
      if (isTest(name) || /\.tsx$/.test(name) || /\.module\.css$/.test(name)) return null;
      return 'components/ holds components (.tsx), their tests and CSS modules only';
    case 'routes':
      return isTest(name) || /\.tsx$/.test(name) ? null : 'routes/ holds pages (.tsx) only';
    case 'hooks':
      return isTest(name) || /^use-[a-z0-9-]+\.tsx?$/.test(name)
        ? null
        : 'hooks/ holds use-*.ts hooks only';
    case 'content':
      return /\.md$/.test(name) ? null : 'content/ holds markdown only';
    case 'api':
      if (isTest(name)) return null;
      if (!/\.ts$/.test(name)) return 'api/ holds .ts files only';
      return apiProblem(FILES[file] ?? '');
  }
  return null;
}

/**
 * Approximate: an api/ file calls the generated client at most once and exports at most one hook
 * (a query file may export none: its queryOptions is what pages use).
 */
function apiProblem(source: string): string | null {
  const calls = source.match(/\bapi\.(GET|POST|PUT|PATCH|DELETE)\(/g) ?? [];
  if (calls.length > 1) return `calls ${calls.length} endpoints; one file per endpoint`;
  const hooks = source.match(/^export (?:function|const) use[A-Z]\w*/gm) ?? [];
  if (hooks.length > 1) return `exports ${hooks.length} hooks; one file per endpoint`;
  return null;
}

/** Every file of a shape folder that breaks the shape, with the reason. */
function shapeProblems(tree: readonly string[], dir: string, isFeatureRoot = true): string[] {
  const { files, dirs } = entries(tree, dir);
  const problems: string[] = [];
  for (const d of dirs) {
    const sub = `${dir}/${d}`;
    if (!LAYERS.has(d)) {
      problems.push(...shapeProblems(tree, sub, false));
      continue;
    }
    const inside = entries(tree, sub);
    for (const nested of inside.dirs) problems.push(`${sub}/${nested}/: no folders inside ${d}/`);
    for (const f of inside.files) {
      const p = layerProblem(d, f);
      if (p) problems.push(`${f}: ${p}`);
    }
  }
  for (const f of files) {
    const name = baseName(f);
    if (/^rules(\.[a-z]+)?\.test\.ts$/.test(name) || name === 'rules.ts') continue;
    if (/^fixtures\.test-data\.tsx?$/.test(name)) continue;
    if (name === 'index.ts' && isFeatureRoot) continue;
    problems.push(`${f}: outside the shape (api/, components/, routes/, hooks/, rules.ts)`);
  }
  return problems;
}

const TREE = Object.keys(FILES);
const features = entries(TREE, '').dirs;

describe('feature shape', () => {
  it.each(features.filter((f) => !(f in PENDING)))('%s has the feature shape', (feature) => {
    expect(shapeProblems(TREE, feature)).toEqual([]);
  });

  it('lists as pending only features that exist and are still out of shape', () => {
    for (const feature of Object.keys(PENDING)) {
      expect(features).toContain(feature);
      expect(shapeProblems(TREE, feature)).not.toEqual([]);
    }
  });

  it('finds a file outside the shape, a non-component in components/ and a two-endpoint api file', () => {
    const tree = [
      'f/index.ts',
      'f/rules.ts',
      'f/helpers.ts',
      'f/components/form.tsx',
      'f/components/booking-form.ts',
      'f/topic/index.ts',
      'f/topic/lib/dates.ts',
      'f/topic/api/get-thing.ts',
      'f/topic/api/old/get-other.ts',
    ];
    expect(shapeProblems(tree, 'f')).toEqual([
      'f/components/booking-form.ts: components/ holds components (.tsx), their tests and CSS modules only',
      'f/topic/lib/dates.ts: outside the shape (api/, components/, routes/, hooks/, rules.ts)',
      'f/topic/api/old/: no folders inside api/',
      'f/topic/index.ts: outside the shape (api/, components/, routes/, hooks/, rules.ts)',
      'f/helpers.ts: outside the shape (api/, components/, routes/, hooks/, rules.ts)',
    ]);
    const two = "api.GET('/a');\napi.POST('/b');";
    expect(apiProblem(two)).toMatch(/2 endpoints/);
    expect(apiProblem('export const useA = 1;\nexport function useB() {}')).toMatch(/2 hooks/);
    expect(apiProblem("export const useA = () => api.GET('/a');")).toBeNull();
    expect(layerProblem('components', 'booking-form.ts')).toMatch(/components \(\.tsx\)/);
    expect(layerProblem('components', 'booking-form.test.ts')).toBeNull();
    expect(layerProblem('hooks', 'submit.ts')).toMatch(/use-\*/);
  });
});
