/**
 * `npm run demo:code -- ops@example.com`: the current two-step sign-in code of a demo account that has
 * it on locally (scripts/demo/accounts.ts DEMO_TOTP_SECRETS), for a person signing in without an
 * authenticator app. Codes change every 30 seconds.
 */
import { generate } from 'otplib';
import { DEMO_TOTP_SECRETS, demoTotpSecret } from './accounts';

const email = process.argv[2] ?? '';
const secret = demoTotpSecret(email);
if (!secret) {
  process.stderr.write(`No demo two-step key for "${email}". Accounts with one: ${Object.keys(DEMO_TOTP_SECRETS).join(', ')}\n`);
  process.exit(1);
}
const code = await generate({ secret });
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
process.stdout.write(`${code}\n`);
process.stderr.write(`(valid for about ${left} more seconds; key ${secret})\n`);
