import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/** Every folder of web/src/features: each is a zone the others may not import (a new feature is covered by itself). */
const WEB_FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.local', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs['recommended-latest-legacy'].rules,
  },
  // The layers and the directions they may import in (docs/architecture.md): a wrong import fails
  // `npm run lint`, and so `npm test`.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Lambdas: their own code and the shared definitions; never the CDK app, the web, the scripts or the tests.
            // contracts/: plain TypeScript and zod shared by every side; it imports nothing of the project.
            { target: './contracts', from: ['./lib', './lambdas', './web', './scripts', './test', './bin'], message: 'contracts/ imports nothing else of the project.' },
            { target: './lambdas', from: './lib', message: 'Lambdas never import lib/ (the CDK app is not bundled with them); shared definitions live in contracts/.' },
            { target: './lambdas', from: ['./web', './scripts', './test'], message: 'Lambdas never import the web app, scripts or tests.' },
            // The CDK app: never the web app, scripts or tests.
            { target: './lib', from: ['./web', './scripts', './test'], message: 'The CDK app never imports the web app, scripts or tests.' },
            // The web app: contracts/ is all it shares with the server; nothing of lib/ or lambdas/.
            { target: './web', from: './lib', message: 'The web never imports lib/; shared definitions live in contracts/.' },
            { target: './web', from: ['./scripts', './test'], message: 'The web never imports scripts or tests.' },
            { target: './web', from: './lambdas', message: 'The web never imports lambdas/; what it shares with the server (schemas, answer types, rules) lives in contracts/.' },
            // Inside the web (docs/architecture.md, "The web's own directions"): app → features → components/lib.
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app', './web/src/components'], message: 'web/src/lib is the bottom floor: it never imports components, features or the app.' },
            { target: './web/src/components', from: ['./web/src/features', './web/src/app'], message: 'Shared components never import a feature or the app; what two features share lives here or in lib/.' },
            { target: './web/src/features', from: './web/src/app', message: 'Features never import the app (its shell and route table import them).' },
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: move what two features share down to web/src/components or web/src/lib.',
            })),
            // Scripts (local stack, ops, benches) never import tests.
            { target: './scripts', from: './test', message: 'Scripts never import tests.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
