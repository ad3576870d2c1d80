import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue 10: the Vite dev server served any file of the repository through `/@fs/`, including
 * `.local/` (cognito-local's signing key, the pool file with its users, bank files). Only the web
 * sources, the shared modules they import (lambdas/, contracts/) and node_modules are served.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const get = (p: string) => fetch(new URL(p, inject('stack').webUrl), { redirect: 'manual' });

/** Every file under `dir` (the stack's data folder: cognito-local's pool and keys, s3rver's files). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * Up to `perGroup` files (by name order) of each folder two levels under the data folder: every kind of
 * file the stack keeps (the pool, its keys, logs, each bucket's objects and their metadata) without
 * asking for each of the thousands of uploads the other test files leave in s3rver's folders, which
 * took minutes on a loaded machine. The dev server refuses by path, so these stand for the rest.
 */
function sample(dataDir: string, files: string[], perGroup: number): string[] {
  const groups = new Map<string, string[]>();
  for (const f of [...files].sort()) {
    const group = path.relative(dataDir, f).split(path.sep).slice(0, 2).join('/');
    groups.set(group, [...(groups.get(group) ?? []), f]);
  }
  return [...groups.values()].flatMap((group) => group.slice(0, perGroup));
}

describe('the dev server’s file access', () => {
  it('refuses the files of the local stack’s data folder under .local/ (some of every folder), however it is asked for', { timeout: 300_000 }, async () => {
    const dataDir = inject('stack').dataDir;
    expect(path.relative(repoRoot, dataDir).startsWith('.local')).toBe(true);
    const files = sample(dataDir, filesUnder(dataDir), 20);
    // cognito-local's pool file (users, password hashes) is there at least.
    expect(files.some((f) => f.endsWith('.json'))).toBe(true);
    for (const file of files) {
      // A file's five forms at once.
      await Promise.all(
        ['', '?raw', '?import', '?import&raw', '?url'].map(async (suffix) => {
          const res = await get(`/@fs${file}${suffix}`);
          const body = await res.text();
          expect({ file, suffix, status: res.status }).toEqual({ file, suffix, status: 403 });
          expect(body).not.toContain('password');
        }),
      );
    }
  });

  it('refuses the rest of the repository outside the web sources and what they import', async () => {
    for (const rel of ['package.json', 'lambdas/listings/handler.ts', 'lambdas/shared/env.ts', 'scripts/demo/accounts.ts', 'scripts/local/cognito.ts', 'test/support/auth.ts', 'docs/local.md', '.ci/run']) {
      expect({ rel, status: (await get(`/@fs${path.join(repoRoot, rel)}`)).status }).toEqual({ rel, status: 403 });
    }
  });

  it('still serves the app, the shared modules it imports and its dependencies', async () => {
    for (const p of ['/', '/src/main.tsx', `/@fs${path.join(repoRoot, 'contracts/listings/schema.ts')}`, `/@fs${path.join(repoRoot, 'contracts/buckets.ts')}`]) {
      expect({ p, status: (await get(p)).status }).toEqual({ p, status: 200 });
    }
  });
});
