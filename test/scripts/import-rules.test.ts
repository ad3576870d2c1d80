import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import directions of docs/architecture.md are enforced by ESLint (eslint.config.js,
 * import-x/no-restricted-paths and import-x/no-cycle), so a wrong import fails `npm test` through
 * `npm run lint`. These probes prove the rules fire (a misconfigured resolver silently passes all).
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import directions (eslint.config.js)', { timeout: 60_000 }, () => {
  it('the web imports contracts/ and nothing of lambdas/ or lib/', async () => {
    expect(await problems("import { NAME_MAX } from '../../../../contracts/listings/form';\nexport const x = NAME_MAX;\n", 'web/src/features/listings/probe.ts')).toEqual([]);
    expect(await problems("import { handler } from '../../../../lambdas/listings/handler';\nexport const x = handler;\n", 'web/src/features/listings/probe.ts')).toEqual([
      expect.stringContaining('import-x/no-restricted-paths: Unexpected path "../../../../lambdas/listings/handler"'),
    ]);
    // Not even a pure module of lambdas/ (what the web shares with the server lives in contracts/).
    for (const from of ['../../../../lambdas/sales/model', '../../../../lambdas/dashboard/summary', '../../../../lambdas/shared/money', '../../../../lambdas/listings/validation']) {
      expect(await problems(`import * as m from '${from}';\nexport const x = m;\n`, 'web/src/features/listings/probe.ts'), from).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    }
    expect(await problems("import { apiStack } from '../../../lib/api';\nexport const x = apiStack;\n", 'web/src/lib/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
  });

  it('inside the web: app → features → components/lib, features never import each other, contracts/ through @contracts', async () => {
    // The alias resolves (a misconfigured path would make every probe below pass).
    expect(await problems("import { NAME_MAX } from '@contracts/listings/form';\nexport const x = NAME_MAX;\n", 'web/src/features/listings/probe.ts')).toEqual([]);
    expect(await problems("import { handler } from '@contracts/../lambdas/listings/handler';\nexport const x = handler;\n", 'web/src/features/listings/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    // Within a feature and down to components/lib: allowed.
    expect(await problems("import * as m from './api/get-products';\nimport * as l from '../../lib/api';\nimport * as c from '../../components/alert';\nexport const x = [m, l, c];\n", 'web/src/features/listings/probe.ts')).toEqual([]);
    // Another feature, or the app: refused.
    for (const from of ['../orders/api/get-orders', '../../features/payouts/payouts-page', '../../app/routes']) {
      expect(await problems(`import * as m from '${from}';\nexport const x = m;\n`, 'web/src/features/listings/probe.ts'), from).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    }
    // The floors below never import upwards.
    expect(await problems("import * as m from '../features/listings/products-page';\nexport const x = m;\n", 'web/src/lib/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    expect(await problems("import * as m from '../components/alert';\nexport const x = m;\n", 'web/src/lib/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    expect(await problems("import * as m from '../app/routes';\nexport const x = m;\n", 'web/src/components/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
  });

  it('lambdas never import the CDK app, the web, scripts or tests; contracts/ is shared', async () => {
    expect(await problems("import { productImagesBucket } from '../../contracts/buckets';\nexport const x = productImagesBucket;\n", 'lambdas/listings/probe.ts')).toEqual([]);
    for (const from of ['../../lib/api', '../../web/src/lib/api', '../../scripts/local/stack', '../../test/support/auth']) {
      expect(await problems(`import * as m from '${from}';\nexport const x = m;\n`, 'lambdas/listings/probe.ts'), from).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    }
  });

  it('contracts/ imports nothing else of the project', async () => {
    for (const from of ['../lambdas/shared/tables', '../lib/api', '../web/src/lib/api', '../scripts/local/stack']) {
      expect(await problems(`import * as m from '${from}';\nexport const x = m;\n`, 'contracts/probe.ts'), from).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    }
    expect(await problems("import { LANGUAGES } from './languages';\nexport const x = LANGUAGES;\n", 'contracts/probe.ts')).toEqual([]);
  });

  it('the CDK app never imports the web, scripts or tests', async () => {
    expect(await problems("import * as m from '../scripts/local/stack';\nexport const x = m;\n", 'lib/probe.ts')).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
  });

  const probeDir = path.join(root, `.lint-probe-${process.pid}`);
  afterAll(() => rmSync(probeDir, { recursive: true, force: true }));
  it('an import cycle fails', async () => {
    mkdirSync(probeDir, { recursive: true });
    writeFileSync(path.join(probeDir, 'a.ts'), "import { b } from './b';\nexport const a = (): unknown => b();\n");
    writeFileSync(path.join(probeDir, 'b.ts'), "import { a } from './a';\nexport const b = (): unknown => a;\n");
    const [result] = await eslint.lintFiles([path.join(probeDir, 'a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
