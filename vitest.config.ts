import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeSlices, webAliases } from './web/vite.config.js';

/**
 * Test projects (see docs/testing.md):
 *   unit   — lambdas, scripts and shared code; SDK edges mocked with aws-sdk-client-mock
 *   web    — React components and hooks in jsdom, one module graph per worker (isolate: false)
 *   web-isolated — the web files that need a module graph of their own (WEB_ISOLATED below)
 *   infra  — CDK assertions and cdk-nag
 *   stack  — integration and end-to-end tests against the real local stand-ins (one stack for the run),
 *            files side by side, each on vendors of its own
 *   stack-serial — the stack files that change shared demo data or read what every vendor shares
 *            (STACK_SERIAL below), one after another on the same stack, after `stack`
 */
/** Quiet test output: no Lambda INFO logs, no AWS SDK notice about Node 20's end of support. */
const env = { LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/**
 * expect.poll's default of 1 s is shorter than one UI render on a loaded 2-core machine (CI failed on
 * a 3-row table that was still loading). A poll ends as soon as its condition holds, so 15 s costs
 * nothing when the machine is quiet. Projects repeat it because a project's `test` replaces the root's.
 */
const expectOptions = { poll: { timeout: 15_000, interval: 100 } };

/**
 * Stack files that cannot run beside others (docs/testing.md, "Which group"): they change the demo
 * accounts' data (the demo vendor's language, catalogue, orders, inbox or support cases; the pending
 * account's language; the demo records' two-step state), re-seed, or act on or count what every
 * vendor shares (the payout run and backfill over all balances, the renditions backfill over all
 * images, the console's queues and totals, the local payout queue, the team applications list).
 */
const STACK_SERIAL = [
  'test/integration/admin-payouts.test.ts',
  'test/integration/admin-reviews.test.ts',
  'test/integration/authz-matrix.test.ts',
  'test/integration/me.test.ts',
  'test/integration/notifications.test.ts',
  'test/integration/payouts-backfill.test.ts',
  'test/integration/payouts-bank.test.ts',
  'test/integration/payouts-property.test.ts',
  'test/integration/payouts.test.ts',
  'test/integration/renditions.test.ts',
  'test/integration/sales.test.ts',
  'test/integration/seed-again.test.ts',
  'test/integration/support-threads.test.ts',
  'test/integration/support.test.ts',
  'test/integration/team.test.ts',
  'test/e2e/admin-applications.test.ts',
  'test/e2e/admin-audit.test.ts',
  'test/e2e/admin-payouts.test.ts',
  'test/e2e/admin-reviews.test.ts',
  'test/e2e/admin-support.test.ts',
  'test/e2e/admin.test.ts',
  'test/e2e/demo-vendor-language.test.ts',
  'test/e2e/notifications.test.ts',
  'test/e2e/small-screens.test.ts',
  'test/e2e/team.test.ts',
];

/**
 * Web files that need a module graph of their own (`web-isolated`): they mock an app module or an
 * Amplify module with fakes of their own, or check which modules the entry loaded (the locale slices).
 */
const WEB_ISOLATED = [
  'test/web/i18n/locale-slices.test.ts',
  'test/web/features/listings/primary-image.test.tsx',
  'test/web/lib/amplify-config.test.ts',
];

/** What both web projects share. */
const webProject = {
  // The locale slices as the app is built with them (issue 24, item 27): each module brings its texts.
  plugins: [react(), localeSlices()],
  resolve: { alias: webAliases },
  test: {
    environment: 'jsdom',
    env,
    expect: expectOptions,
    // Whole-form tests type dozens of fields, and each wait may take up to 15 s on a loaded 2-core
    // machine (test/web/setup.ts): a passing test ends as soon as its conditions hold.
    testTimeout: 60_000,
  },
};

/** Parallel stack files at once (`STACK_WORKERS` overrides; 2 measured best on CI's 2 cores, docs/decisions.md). */
const STACK_WORKERS = Number(process.env.STACK_WORKERS ?? 2);

/** What both stack projects share: the same globalSetup starts one local stack for both (test/support/global-setup.ts). */
const stackTest = {
  environment: 'node',
  env,
  expect: expectOptions,
  globalSetup: ['test/support/global-setup.ts'],
  // Tests that run an ops CLI spawn tsx three or four times; at load 35 (other stacks on the machine) each
  // test took over 60 s whether files ran side by side or one after another. A passing test ends when done.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A worker runs its files in one module graph: one Chromium per worker for all its e2e files
  // (test/support/browser.ts sharedBrowser), each support module and SDK client loaded once. Stack
  // files mock nothing; each test opens its own browser context and makes its own vendors.
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        // Test files of every project import web modules, which name contracts/ as @contracts (web/vite.config.ts).
        resolve: { alias: webAliases },
        test: {
          name: 'unit',
          include: ['test/lambdas/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          environment: 'node',
          env,
          expect: expectOptions,
          // Property tests (fast-check) and real-image checks are CPU-bound: 5 s passes on a quiet 2-core
          // machine, but at load 12 they took 7-11 s. A passing test ends when it is done, so this costs nothing.
          testTimeout: 30_000,
          // vitest's default is one worker fewer than the cores: one on CI's 2 cores.
          maxWorkers: 2,
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
          // One jsdom and one module graph per worker for all its files (measured: 118 s instead of 355 s
          // for the project on the 2-core machine, docs/decisions.md); test/web/setup-shared.ts gives every
          // file the same Amplify fakes and empty app state.
          isolate: false,
          maxWorkers: 2,
          setupFiles: ['test/web/setup.ts', 'test/web/setup-shared.ts'],
        },
      },
      {
        ...webProject,
        test: { ...webProject.test, name: 'web-isolated', include: WEB_ISOLATED, setupFiles: ['test/web/setup.ts'], maxWorkers: 2 },
      },
      {
        // Test files of every project import web modules, which name contracts/ as @contracts (web/vite.config.ts).
        resolve: { alias: webAliases },
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // Synthesizes the default app once; files that only read its templates share it (synthesizedTemplates()).
          globalSetup: ['test/infra/global-setup.ts'],
          environment: 'node',
          env,
          expect: expectOptions,
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        // Test files of every project import web modules, which name contracts/ as @contracts (web/vite.config.ts).
        resolve: { alias: webAliases },
        test: {
          ...stackTest,
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...STACK_SERIAL],
          // Files run side by side, each on vendors of its own. Measured on the 2-core machine (docs/decisions.md).
          maxWorkers: STACK_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Test files of every project import web modules, which name contracts/ as @contracts (web/vite.config.ts).
        resolve: { alias: webAliases },
        test: {
          ...stackTest,
          name: 'stack-serial',
          include: STACK_SERIAL,
          // One file at a time, after the parallel group: these change what every file may read.
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
