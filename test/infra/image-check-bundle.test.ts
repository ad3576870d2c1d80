/**
 * The image check bundles sharp (issue 15, the primary-image rules) as Lambda runs it: not inlined by
 * esbuild (a native addon cannot be), but installed next to the bundle by `npm ci` from the project's
 * lock file, for linux arm64 whatever machine synthesizes (lib/lambda-function.ts
 * BUNDLE_INSTALL_PLATFORM). The one infra test that really bundles: a stack holding only this
 * function, bundled on this machine (esbuild, then npm ci, which reads the npm registry or its cache
 * as `npm ci` of the project does).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { imageCheckFunction } from '../../contracts/functions';
import { AppFunction } from '../../lib/lambda-function';

const outdir = mkdtempSync(join(tmpdir(), 'seller-portal-bundle-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the image check bundle', () => {
  it('has sharp for linux arm64 in its node_modules, not bundled and not for this machine', () => {
    const app = new App({ outdir });
    new AppFunction(new Stack(app, 'BundleProbe'), 'CheckFunction', {
      entry: imageCheckFunction.entry,
      description: imageCheckFunction.description,
      logRemovalPolicy: RemovalPolicy.DESTROY,
      nodeModules: ['sharp'],
    });
    app.synth();
    const assets = readdirSync(outdir).filter((d) => d.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const bundle = join(outdir, assets[0]!);
    expect(readdirSync(join(bundle, 'node_modules', '@img')).sort()).toEqual(['colour', 'sharp-libvips-linux-arm64', 'sharp-linux-arm64']);
    expect(existsSync(join(bundle, 'node_modules', 'sharp', 'package.json'))).toBe(true);
    // esbuild left sharp to node_modules: the bundle imports it rather than inlining it.
    const code = readFileSync(join(bundle, 'index.mjs'), 'utf8');
    expect(code).toMatch(/from\s*"sharp"|require\("sharp"\)/);
    expect(code).not.toContain('sharp-linux-x64');
  });
});
