/**
 * Where an ops command (payouts:bank, payouts:backfill, ...) works: the running local portal (dev
 * profile), the test stack (`--profile test`) or a deployed stack (`--cloud`, with the stack's
 * outputs in the environment). Exits with one line saying what is missing.
 */
import { tables, type TableKey } from '../../lambdas/shared/tables';
import { devPorts, testPorts } from './ports';
import { waitForPort } from './processes';
import { localLambdaEnv, profileDataDir } from './stack';

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

export async function useStackEnvironment(opts: { profile: string; cloud: boolean; tables: readonly TableKey[]; env?: readonly { name: string; output: string }[] }): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL ??= 'ERROR';
  if (opts.cloud) {
    const needed = [
      { name: 'AWS_REGION', output: 'Region' },
      ...opts.tables.map((k) => ({ name: tables[k].envVar, output: `${pascal(k)}TableName` })),
      ...(opts.env ?? []),
    ];
    const missing = needed.filter((n) => !process.env[n.name]);
    if (missing.length) {
      console.error(`✖ --cloud needs ${missing.map((m) => `${m.name} (output ${m.output})`).join(', ')}: see docs/operations.md.`);
      process.exit(2);
    }
    return;
  }
  const ports = opts.profile === 'test' ? testPorts() : devPorts();
  Object.assign(process.env, localLambdaEnv(ports, profileDataDir(opts.profile)), { LOG_LEVEL: process.env.LOG_LEVEL });
  try {
    await waitForPort(ports.dynamodb, '127.0.0.1', 500);
  } catch {
    console.error('✖ The local portal is not running: start it with `npm start` (or pass --cloud for a deployed stack).');
    process.exit(1);
  }
}
