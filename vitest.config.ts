import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeSlices } from './web/vite.config.js';

/**
 * Test projects (see docs/testing.md):
 *   unit   — lambdas, scripts and shared code; SDK edges mocked with aws-sdk-client-mock
 *   web    — React components and hooks in jsdom
 *   infra  — CDK assertions and cdk-nag
 *   stack  — integration and end-to-end tests against the real local stand-ins (one stack for the run)
 */
/** Quiet test output: no Lambda INFO logs, no AWS SDK notice about Node 20's end of support. */
const env = { LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/**
 * expect.poll's default of 1 s is shorter than one UI render on a loaded 2-core machine (CI failed on
 * a 3-row table that was still loading). A poll ends as soon as its condition holds, so 15 s costs
 * nothing when the machine is quiet. Projects repeat it because a project's `test` replaces the root's.
 */
const expectOptions = { poll: { timeout: 15_000, interval: 100 } };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/lambdas/**/*.test.ts', 'test/scripts/**/*.test.ts'],
          environment: 'node',
          env,
          expect: expectOptions,
          // Property tests (fast-check) and real-image checks are CPU-bound: 5 s passes on a quiet 2-core
          // machine, but at load 12 they took 7-11 s. A passing test ends when it is done, so this costs nothing.
          testTimeout: 30_000,
        },
      },
      {
        // The locale slices as the app is built with them (issue 24, item 27): each module brings its texts.
        plugins: [react(), localeSlices()],
        test: {
          name: 'web',
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          env,
          expect: expectOptions,
          // Whole-form tests type dozens of fields, and each wait may take up to 15 s on a loaded 2-core
          // machine (test/web/setup.ts): a passing test ends as soon as its conditions hold.
          testTimeout: 60_000,
          setupFiles: ['test/web/setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          env,
          expect: expectOptions,
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          environment: 'node',
          env,
          expect: expectOptions,
          globalSetup: ['test/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
