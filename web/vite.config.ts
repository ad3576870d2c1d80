import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');

/**
 * What the dev server may read (`/@fs/…` included): the web sources, the modules they share with the
 * server (contracts/) and the dependencies. Never the rest of the
 * repository: `.local/` holds cognito-local's signing key, the pool file with its users and the
 * bank files, and is denied outright even if an allowed folder ever came to contain one.
 */
export const devServerFs = {
  strict: true,
  allow: [webRoot, path.join(repoRoot, 'contracts'), path.join(repoRoot, 'node_modules')],
  // Vite's defaults, and the local stack's data wherever it is.
  deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.local/**', '.local'],
};

/**
 * Amplify UI's primitives (Button, TextField, ...) read the default theme for their style props, and
 * the default theme carries the design tokens of every Amplify UI component (the AI conversation,
 * the storage manager, the authenticator, ...): ~7 KB gzip on every signed-in route. Those component
 * tokens only feed CSS variables that a `<ThemeProvider>` would write; this app uses Amplify UI's
 * stylesheets (which define the variables themselves) and no ThemeProvider or style props that name
 * component tokens, so the build gives the theme an empty component-token set
 * (test/web/app/amplify-ui-tokens.test.ts checks the assumption).
 */
const COMPONENT_TOKENS = /@aws-amplify\/ui\/dist\/esm\/theme\/tokens\/components\/index\.mjs$/;
function amplifyUiWithoutComponentTokens(): Plugin {
  const id = '\0amplify-ui-component-tokens';
  return {
    name: 'amplify-ui-without-component-tokens',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer?.includes('@aws-amplify/ui/dist/esm/theme/tokens')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && COMPONENT_TOKENS.test(resolved.id) ? id : null;
    },
    load: (loaded) => (loaded === id ? 'export const components = {};' : null),
  };
}

/**
 * The web app's Vite config. `npm run build:web` builds into dist/web; the local stack starts the
 * dev server programmatically (`createServer({ configFile: 'web/vite.config.ts' })`) and sets
 * LOCAL_API_URL, to which `/api` and `/config.json` are proxied.
 */
export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), amplifyUiWithoutComponentTokens()],
  build: {
    outDir: path.resolve(webRoot, '../dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // A few KB of route chunks are worth more than an inlined-module round trip on slow links.
    assetsInlineLimit: 4096,
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    fs: devServerFs,
    proxy: {
      '/api': { target: process.env.LOCAL_API_URL ?? 'http://127.0.0.1:8787', changeOrigin: true },
      '/config.json': { target: process.env.LOCAL_API_URL ?? 'http://127.0.0.1:8787', changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1', strictPort: true },
  // Pre-bundle the lazily imported libraries too, so the dev server never discovers one mid-session
  // and reloads the page (which would break a sign-in in progress, and end-to-end tests with it).
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-runtime',
      'react-router-dom',
      'i18next',
      'react-i18next',
      'aws-amplify',
      'aws-amplify/auth',
      'aws-amplify/auth/cognito',
      'aws-amplify/storage',
      'aws-amplify/utils',
      '@aws-amplify/ui-react',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
      'zod/mini',
    ],
  },
});
