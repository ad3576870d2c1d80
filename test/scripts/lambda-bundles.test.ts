import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions, COGNITO_IDP_CLIENT, functionEntries, type BundledFunction } from '../../scripts/bench/lambda-bundles';

/**
 * Issue 24, item 26: a function that does not call Cognito's user-pool API must not load its client at
 * cold start. Every function entry is bundled as the CDK bundles it (one esbuild run); the runtime's SDK
 * clients stay external, so what a bundle imports at load is exactly the client packages it will load.
 * A function uses the client when it declares `cognitoAdmin` (contracts/routes.ts), and only then.
 */
let outdir: string;
let bundles: BundledFunction[];
beforeAll(async () => {
  outdir = mkdtempSync(path.join(os.tmpdir(), 'lambda-bundles-'));
  bundles = await bundleFunctions(outdir);
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('what each Lambda bundle loads', () => {
  it('covers every function entry', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual(functionEntries().map((e) => e.name).sort());
    expect(bundles.length).toBeGreaterThan(30);
  });

  it(`no function without cognitoAdmin imports ${COGNITO_IDP_CLIENT}`, () => {
    const offenders = bundles.filter((b) => !b.usesCognitoIdp && b.externalImports.includes(COGNITO_IDP_CLIENT)).map((b) => `${b.name} (${b.entry})`);
    expect(offenders).toEqual([]);
  });

  it('every function that declares cognitoAdmin does import it (the check sees the client where it is used)', () => {
    const users = bundles.filter((b) => b.usesCognitoIdp);
    expect(users.length).toBeGreaterThan(0);
    expect(users.filter((b) => !b.externalImports.includes(COGNITO_IDP_CLIENT)).map((b) => b.name)).toEqual([]);
  });
});
