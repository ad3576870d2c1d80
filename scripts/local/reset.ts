/** `npm run local:reset`: wipes the local stack's data (.local/); the next `npm start` seeds afresh. */
import { rmSync } from 'node:fs';
import { localDir } from './stack';

rmSync(localDir, { recursive: true, force: true });
console.log(`Removed ${localDir}. The next \`npm start\` creates fresh tables, users and demo data.`);
