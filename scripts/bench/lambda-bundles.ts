/**
 * Every Lambda function's entry, bundled as the CDK bundles it (lib/lambda-function.ts: esbuild, minified
 * ESM for Node, the require banner, the runtime's `@aws-sdk/` clients left external), for
 * `npm run bench:lambdas` (scripts/bench/lambdas.ts) and the test that no function loads a client it does
 * not use (test/scripts/lambda-bundles.test.ts, issue 24 item 26). One esbuild run for all entries.
 */
import { build, type Metafile } from 'esbuild';
import path from 'node:path';
import { bulkWorkerFunction, imageCheckFunction, imageUrlKeyFunction, orderIngestFunction, payoutRunFunction, payoutWorkerFunction, restockFunction } from '../../contracts/functions';
import { apiFunctions } from '../../contracts/routes';
import { cognitoTriggers } from '../../contracts/triggers';
import { emailFeedbackFunction, notifierFunction } from '../../lambdas/notifications/functions';
import { awsSdkExternals, ESM_REQUIRE_BANNER } from '../../lib/lambda-function';
import { lambdaEntry, projectRoot } from '../../lib/paths';

export const COGNITO_IDP_CLIENT = '@aws-sdk/client-cognito-identity-provider';

export interface FunctionEntry {
  name: string;
  /** Relative to lambdas/. */
  entry: string;
  /** The function calls Cognito's user-pool admin API (declares `cognitoAdmin` in contracts/routes.ts). */
  usesCognitoIdp: boolean;
}

/** Every function the CDK app and the local stack deploy, from their one definition each. */
export function functionEntries(): FunctionEntry[] {
  const others = { payoutRunFunction, payoutWorkerFunction, imageCheckFunction, imageUrlKeyFunction, orderIngestFunction, restockFunction, bulkWorkerFunction, notifierFunction, emailFeedbackFunction };
  return [
    ...Object.entries(apiFunctions).map(([name, def]) => ({ name, entry: def.entry, usesCognitoIdp: ((def as { cognitoAdmin?: readonly string[] }).cognitoAdmin ?? []).length > 0 })),
    ...Object.entries(cognitoTriggers).map(([name, def]) => ({ name, entry: def.entry, usesCognitoIdp: false })),
    ...Object.entries(others).map(([name, def]) => ({ name: name.replace(/Function$/, ''), entry: def.entry, usesCognitoIdp: false })),
  ];
}

export interface BundledFunction extends FunctionEntry {
  /** The bundle's file (under `outdir`) and its size in bytes (the code Lambda loads, without the source map). */
  file: string;
  bytes: number;
  /** Packages the bundle imports at load (left external: the runtime's AWS SDK clients). */
  externalImports: string[];
}

/** Bundles every entry into `outdir` (one `<name>.mjs` each), as the CDK does. */
export async function bundleFunctions(outdir: string, entries: FunctionEntry[] = functionEntries()): Promise<BundledFunction[]> {
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((e) => [e.name, lambdaEntry(e.entry)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    external: awsSdkExternals(),
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: projectRoot,
  });
  return entries.map((e) => {
    const [file, output] = outputFor(result.metafile, outdir, e.name);
    return { ...e, file, bytes: output.bytes, externalImports: [...new Set(output.imports.filter((i) => i.external).map((i) => packageOf(i.path)))].sort() };
  });
}

function outputFor(metafile: Metafile, outdir: string, name: string): [string, Metafile['outputs'][string]] {
  const wanted = path.join(outdir, `${name}.mjs`);
  const found = Object.entries(metafile.outputs).find(([file]) => path.resolve(projectRoot, file) === wanted);
  if (!found) throw new Error(`esbuild wrote no bundle for ${name}`);
  return [wanted, found[1]];
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`; `node:fs` as it is. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
