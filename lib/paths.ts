import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (the folder holding package.json), wherever the CDK app is started from. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Lambda handler modules live under lambdas/; the route and trigger tables name them relative to it. */
export const lambdaEntry = (entry: string): string => join(projectRoot, 'lambdas', entry);

/** Where `npm run build:web` writes the site. */
export const defaultWebDistDir = join(projectRoot, 'dist', 'web');

/** A built site is a folder with an index.html. */
export const hasBuiltSite = (dir: string): boolean => existsSync(join(dir, 'index.html'));
