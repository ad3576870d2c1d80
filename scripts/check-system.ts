/**
 * `npm test`'s first step (the `pretest` script), and `--for start` for the local stack alone:
 * installs the missing Debian packages when it may (root or passwordless sudo), else prints the one
 * line that fixes it and exits 1. See scripts/local/system-deps.ts.
 */
import { parseArgs } from 'node:util';
import { ensureSystemPackages, NEEDS } from './local/system-deps';

const { values } = parseArgs({ options: { for: { type: 'string', default: 'test' } } });
const target = values.for === 'start' ? 'start' : 'test';
process.exit((await ensureSystemPackages(NEEDS[target], (line) => console.error(line))) ? 0 : 1);
