/**
 * Where an ops command (payouts:bank, payouts:backfill, ...) works: the running local portal (dev
 * profile), the test stack (`--profile test`) or a deployed stack (`--cloud`, with the stack's
 * outputs in the environment). Exits with one line saying what is missing.
 */
import { tables, type TableKey } from '../../contracts/tables';
import { devPorts, testPorts } from '../local/ports';
import { waitForPort } from '../local/processes';
import { profileDataDir, useLocalLambdaEnv } from '../local/stack';

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

export interface StackEnvironmentOptions {
  profile: string;
  /** A deployed stack (`--cloud`); commands that have no cloud mode pass false. */
  cloud: boolean;
  /** Tables the command uses: with `--cloud` their env vars must be set from the stack's outputs. */
  tables: readonly TableKey[];
  env?: readonly { name: string; output: string }[];
  /** Locally, stand-ins the command needs besides DynamoDB Local. */
  alsoWaitFor?: readonly ('cognito' | 's3')[];
  /** Whether the command has a `--cloud` mode to mention when the local portal is not running. */
  hasCloudMode?: boolean;
}

/** The local data folder of the profile (outbox, dead letters) when not `--cloud`. */
export async function useStackEnvironment(opts: StackEnvironmentOptions): Promise<{ dataDir: string | null }> {
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
    return { dataDir: null };
  }
  const ports = opts.profile === 'test' ? testPorts() : devPorts();
  const dataDir = profileDataDir(opts.profile);
  useLocalLambdaEnv(ports, dataDir, { LOG_LEVEL: process.env.LOG_LEVEL });
  try {
    for (const port of [ports.dynamodb, ...(opts.alsoWaitFor ?? []).map((s) => ports[s])]) await waitForPort(port, '127.0.0.1', 500);
  } catch {
    const cloudHint = opts.hasCloudMode === false ? '' : ' (or pass --cloud for a deployed stack)';
    console.error(`✖ The local portal is not running: start it with \`npm start\`${cloudHint}.`);
    process.exit(1);
  }
  return { dataDir };
}

/**
 * Who acts when an ops command changes something: the audit log (lambdas/audit/record.ts) names the
 * login (`cli:<login>`) and, when set, `OPS_EMAIL` as the operator's e-mail.
 */
export function cliOperator(): { userId: string; email: string } {
  const login = process.env.USER ?? process.env.LOGNAME ?? 'operator';
  return { userId: `cli:${login}`, email: process.env.OPS_EMAIL?.trim() || `cli:${login}` };
}
