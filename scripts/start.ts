/**
 * `npm start`: the whole portal on local stand-ins (see docs/local.md).
 *   --profile test   in-memory data, test ports, prints one JSON "ready" line (used by the test setup)
 *   --no-web         without Vite
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoAccounts, type DemoAccount } from './demo/accounts';
import { devPorts, testPorts } from './local/ports';
import { PrerequisiteError } from './local/processes';
import { ensureSystemPackages, NEEDS } from './local/system-deps';
import { localDir, startLocalStack, type LocalStack } from './local/stack';

// The stand-ins run on this machine's Node; the SDK's notice about Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values } = parseArgs({ options: { profile: { type: 'string', default: 'dev' }, 'no-web': { type: 'boolean', default: false } } });
const test = values.profile === 'test';
const started = Date.now();

let stack: LocalStack | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (!test) console.log('\nStopping the local portal…');
  await stack?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));

// A fresh machine: the JDK DynamoDB Local needs is installed here when this process may (else one line says how).
if (!(await ensureSystemPackages(NEEDS.start, (line) => console.error(line)))) process.exit(1);

try {
  stack = await startLocalStack({
    ports: test ? testPorts() : devPorts(),
    dataDir: test ? path.join(localDir, `test-${process.pid}`) : path.join(localDir, 'dev'),
    persistent: !test,
    web: !values['no-web'],
    log: (line) => console.error(line),
    debug: (line) => {
      if (process.env.DEBUG) console.error(line);
    },
    onCode: (c) => {
      if (test) console.log(JSON.stringify({ type: 'code', ...c }));
      else console.log(`✉  Verification code for ${c.destination ?? c.username}: ${c.code}`);
    },
  });
} catch (err) {
  if (err instanceof PrerequisiteError) console.error(`✖ ${err.message}`);
  else console.error(err);
  await shutdown(1);
}

if (stack) {
  if (test) {
    console.log(JSON.stringify({ type: 'ready', dataDir: stack.dataDir, webUrl: stack.webUrl, apiUrl: stack.apiUrl, cognitoEndpoint: stack.cognitoEndpoint, dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint, sesEndpoint: stack.sesEndpoint, webConfig: stack.webConfig }));
  } else {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const rows = (Object.values(demoAccounts) as DemoAccount[]).map((a) => {
      const what = a.vendor
        ? `${a.vendor.status} vendor${a.vendor.vendorId ? ` ${a.vendor.vendorId} (${a.vendor.vendorName})` : ''}`
        : a.member
          ? `${a.member.role} member of ${demoAccounts.approved.vendor.vendorId} (${demoAccounts.approved.vendor.vendorName})`
          : a.groups.includes('admins')
            ? 'admin (group admins)'
            : 'signed up, no vendor record';
      return `  ${a.email.padEnd(30)} ${a.password.padEnd(17)} ${what}`;
    });
    console.log(
      [
        '',
        `Seller Portal is running (ready in ${seconds} s):`,
        `  ${stack.webUrl ?? '(web not started)'}`,
        '',
        'Demo accounts:',
        ...rows,
        '',
        `e-mails: ${stack.sesEndpoint}`,
        `Local API ${stack.apiUrl} · DynamoDB Local ${stack.dynamodbEndpoint} · cognito-local ${stack.cognitoEndpoint} · s3rver ${stack.s3Endpoint} · aws-ses-v2-local ${stack.sesEndpoint}`,
        'Data is kept in .local/ (npm run local:reset wipes it). Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  }
}
