import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: opening an ops console section downloads the console's chunk, the section's chunk and
 * what they import statically, within the 60 KB route budget of `npm run bench:web`. Classic zod
 * (~27 KB gzip) put every section over it: each section imported its contract modules for a list or
 * a limit, and those modules build their schemas with `zod` when they are evaluated. The schemas now
 * load with the first answer (`import()` beside the request) and the lists come from
 * contracts/admin-values.ts. This walks the sources' static imports (not `import type`, not
 * `import()`), so it fails without a build; `bench:web` measures the bytes.
 */
const root = path.resolve(import.meta.dirname, '../..');
const admin = path.join(root, 'web/src/features/admin');

/** Static value imports and re-exports of a module (type-only ones and `import()` left out). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue;
    specifiers.push(m[4]!);
  }
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) specifiers.push(m[1]!);
  return specifiers;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The modules a module's static imports reach that import classic zod, each with the path there. */
function classicZodPaths(start: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, path.relative(root, file)];
    for (const specifier of staticImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/v4') || specifier === 'zod/v4/classic') found.push(here.join(' → '));
      const next = resolve(file, specifier);
      if (next) visit(next, here);
    }
  };
  visit(start, []);
  return found;
}

/** The console and its lazily loaded sections, as admin-console.tsx imports them. */
const consoleFile = path.join(admin, 'admin-console.tsx');
const sections = [...readFileSync(consoleFile, 'utf8').matchAll(/lazy\(\(\) => import\('\.\/([^']+)'\)\)/g)].map((m) => path.join(admin, `${m[1]!}.tsx`));

describe('the ops console loads classic zod with the answers, not with its sections (issue 24)', () => {
  it('finds the sections', () => {
    expect(sections.map((s) => path.relative(admin, s))).toEqual(
      expect.arrayContaining(['overview-page.tsx', 'audit/audit-page.tsx', 'applications/applications-screen.tsx', 'vendors/vendors-screen.tsx', 'payouts/payouts-page.tsx', 'reviews/reviews-section.tsx']),
    );
  });

  it.each([consoleFile, ...sections].map((file) => [path.relative(admin, file), file]))('%s imports no module that imports classic zod', (_name, file) => {
    expect(classicZodPaths(file)).toEqual([]);
  });
});
