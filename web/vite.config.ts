import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, isFileLoadingAllowed, type Plugin, type ResolvedConfig } from 'vite';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, '..');

/** Bare imports (`react`, `@aws-amplify/ui-react/styles.css`) in a folder's sources: the package names. */
function importedPackages(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|css)$/.test(file)) continue;
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:from\s+|import\s*\(?\s*|@import\s+)['"]((?:@[\w.-]+\/)?[\w.-]+)/g)) {
      if (!m[1]!.startsWith('.')) names.add(m[1]!);
    }
  }
  return names;
}

/**
 * The folders (real paths) of the packages the web imports and of everything they depend on: what the
 * browser may ever be sent from node_modules (pre-bundled dependencies come from Vite's cache under
 * web/; stylesheets and fonts straight from their package).
 */
export function webPackageDirs(): string[] {
  const dirs = new Set<string>();
  const visit = (name: string, from: string) => {
    // Node's lookup: the importer's own node_modules first, then the top-level one.
    const candidates = [path.join(from, 'node_modules', name), path.join(repoRoot, 'node_modules', name)];
    const dir = candidates.find((candidate) => existsSync(path.join(candidate, 'package.json')));
    if (!dir) return;
    const real = realpathSync(dir);
    if (dirs.has(real)) return;
    dirs.add(real);
    const manifest = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })) visit(dep, real);
  };
  for (const name of new Set([...importedPackages(path.join(webRoot, 'src')), ...importedPackages(path.join(repoRoot, 'contracts'))])) visit(name, repoRoot);
  // The dev server's own client (`/@vite/client`) and React Fast Refresh's runtime.
  for (const name of ['vite', '@vitejs/plugin-react']) visit(name, repoRoot);
  return [...dirs];
}

/**
 * What the dev server may read (`/@fs/…` included): the web sources, the modules they share with the
 * server (contracts/) and the packages the web imports with their dependencies (issue 24: not all of
 * node_modules, where cognito-local keeps the private key it signs the local tokens with). Never the
 * rest of the repository: `.local/` holds the pool file with its users and the bank files, and is
 * denied outright even if an allowed folder ever came to contain one.
 */
export const devServerFs = {
  strict: true,
  allow: [webRoot, path.join(repoRoot, 'contracts'), ...webPackageDirs()],
  // Vite's defaults, and the local stack's data wherever it is.
  deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.local/**', '.local'],
};

/**
 * Vite applies `server.fs` to files it serves as they are (`/@fs/…`, `?raw`, `?url`), not to modules it
 * transforms: `/node_modules/cognito-local/lib/keys/cognitoLocal.private.json` came back as a JSON
 * module with the key in it. This refuses to load, in the dev server, any file `server.fs` does not
 * allow, with the error Vite answers 403 to.
 */
function devServerLoadsOnlyAllowedFiles(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dev-server-loads-only-allowed-files',
    enforce: 'pre',
    apply: 'serve',
    configResolved(resolved) {
      config = resolved;
    },
    load(id) {
      const file = id.split('?')[0]!;
      if (id.startsWith('\0') || !path.isAbsolute(file) || isFileLoadingAllowed(config, file)) return null;
      throw Object.assign(new Error(`Denied ID ${id}`), { code: 'ERR_DENIED_ID', id });
    },
  };
}

/**
 * Amplify UI's primitives (Button, TextField, ...) read the default theme for their style props, and
 * the default theme carries the design tokens of every Amplify UI component (the AI conversation,
 * the storage manager, the authenticator, ...): ~7 KB gzip on every signed-in route. Those component
 * tokens only feed CSS variables that a `<ThemeProvider>` would write; this app uses Amplify UI's
 * stylesheets (which define the variables themselves) and no ThemeProvider or style props that name
 * component tokens, so the build gives the theme an empty component-token set
 * (test/scripts/vite-amplify-ui-tokens.test.ts checks the assumption).
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
 * Amplify UI's theme context takes `createTheme()` as its default value when its module is evaluated:
 * ~45 ms of main-thread work on every signed-in first load in the Lighthouse traces (deep-merging
 * the default theme, a CSS variable per design token and the theme's CSS text), 4× that under
 * Lighthouse's CPU throttling, and none of it needed: the app has no ThemeProvider and passes no
 * style prop that names a design token. The build gives the context a default theme with the same
 * name and breakpoints (plain data, what every primitive's `useStyles` reads) whose `tokens`,
 * `cssText`, `containerProps` and `overrides` are `createTheme()`'s own, built on first use
 * (test/scripts/vite-amplify-theme.test.ts checks they equal a built theme's).
 */
const THEME_CONTEXT = /@aws-amplify[\\/]ui-react[\\/]dist[\\/]esm[\\/]components[\\/]ThemeProvider[\\/]ThemeContext\.mjs$/;
export const LAZY_THEME_CONTEXT = `import * as React from 'react';
import { createTheme, defaultTheme } from '@aws-amplify/ui';

let built;
const build = () => (built ??= createTheme());
/** Whether the theme was built yet (the unit test's question). */
export const themeBuilt = () => built !== undefined;
const tokens = new Proxy({}, {
  get: (_target, key) => build().tokens[key],
  has: (_target, key) => key in build().tokens,
  ownKeys: () => Reflect.ownKeys(build().tokens),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(build().tokens, key);
    return descriptor && { ...descriptor, configurable: true };
  },
});
export const lazyDefaultTheme = {
  name: defaultTheme.name,
  breakpoints: defaultTheme.breakpoints,
  tokens,
  get cssText() { return build().cssText; },
  get containerProps() { return build().containerProps; },
  get overrides() { return build().overrides; },
};
const ThemeContext = React.createContext({ theme: lazyDefaultTheme, colorMode: undefined });

export { ThemeContext };
`;
function amplifyUiLazyDefaultTheme(): Plugin {
  return {
    name: 'amplify-ui-lazy-default-theme',
    enforce: 'pre',
    apply: 'build',
    load: (id) => (THEME_CONTEXT.test(id) ? LAZY_THEME_CONTEXT : null),
  };
}

/** Amplify UI's stylesheets, where `@aws-amplify/ui-react/styles/<name>.css` imports resolve. */
const AMPLIFY_STYLES = path.join(repoRoot, 'node_modules/@aws-amplify/ui-react/dist/styles');
const AMPLIFY_STYLE_IMPORT = /@aws-amplify\/ui-react\/styles\/([\w-]+\.css)/g;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
/** A declaration of a component variable, where a declaration starts (after `{` or `;`). */
const COMPONENT_VARIABLE_DECLARATION = /(?<=[{;]\s*)(--amplify-components-[\w-]+)\s*:[^;{}]*;?/g;

/**
 * `css` without the declarations of Amplify UI component variables (`--amplify-components-*`) that
 * neither `css` itself nor any of `readers` reads with `var()`, repeated until none is left (a removed
 * variable may have been the only reader of another). Design tokens (`--amplify-colors-*`, ...) stay:
 * Amplify UI's style props name them from JavaScript.
 */
export function pruneComponentVariables(css: string, readers: readonly string[]): string {
  const outside = new Set(readers.flatMap((text) => [...text.matchAll(VAR_REFERENCE)].map((m) => m[1]!)));
  let pruned = css;
  for (;;) {
    const read = new Set([...outside, ...[...pruned.matchAll(VAR_REFERENCE)].map((m) => m[1]!)]);
    const next = pruned.replace(COMPONENT_VARIABLE_DECLARATION, (declaration, name: string) => (read.has(name) ? declaration : ''));
    if (next === pruned) return pruned;
    pruned = next;
  }
}

/**
 * What reads CSS variables in the web app's stylesheets (its own CSS and the Amplify UI stylesheets its
 * modules import), without their component variable declarations: whether a component variable is
 * read by another is `pruneComponentVariables`'s question.
 */
export function appStylesheets(): string[] {
  const files = readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => path.join(webRoot, 'src', f));
  const amplify = new Set<string>();
  for (const file of files.filter((f) => /\.(tsx?|css)$/.test(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(AMPLIFY_STYLE_IMPORT)) amplify.add(path.join(AMPLIFY_STYLES, m[1]!));
  }
  return [...files.filter((f) => f.endsWith('.css')), ...amplify].filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8').replace(COMPONENT_VARIABLE_DECLARATION, ''));
}

/**
 * Amplify UI's base.css declares ~1,400 component variables (`--amplify-components-*`) on `:root`, for
 * every Amplify UI component; the app's stylesheets read about a third of them. The rest were 80 KB
 * (6–7 KB gzip) of the signed-in shell's render-blocking CSS and ~900 custom properties every element
 * inherits. The build drops the declarations no stylesheet of the app reads (test/scripts/vite-css-variables.test.ts).
 */
function amplifyUiWithoutUnreadComponentVariables(): Plugin {
  let readers: string[] = [];
  return {
    name: 'amplify-ui-without-unread-component-variables',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      readers = appStylesheets();
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(AMPLIFY_STYLES) || !file.endsWith('.css')) return null;
      return { code: pruneComponentVariables(code, readers), map: null };
    },
  };
}

/** Where the English texts live, and the module every slice hands its texts to. */
const EN_STRINGS = path.join(webRoot, 'src/i18n/en.json');
const STRINGS_MODULE = path.join(webRoot, 'src/i18n/strings.ts');
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** A quoted word that may be a key or a key's prefix ('payout_status_', 'notifications.'). */
const QUOTED_WORD = /(['"`])([\w.]+)\1/g;
/**
 * A template literal whose placeholders hold no backticks: `payout_status_${status}`. Tried from every
 * backtick (the match is a lookahead), so a template nested in another's placeholder
 * (`${t(`payout_method_${method}`)}: …`) is found too, while the outer one is passed over.
 */
const TEMPLATE = /`(?=((?:[^`$\\]|\\.|\$(?!\{)|\$\{[^`}]*\})*)`)/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The locale keys (of `keys`, en.json's) a module's source may look up, read as text: every quoted
 * key (`t('sign_in')`, `i18nKey="..."`, a key in a table of keys, a zod message); for a quoted prefix
 * that ends in `_` or `.` (`'product_type_'` in a table that builds keys), every key it begins; for a
 * template with a placeholder and some letters around it (`` `payout_status_${s}` ``), every key it
 * can make; and the plural forms of a quoted key. Errs on the side of more: a text too many costs a
 * few bytes, a text missing shows its key.
 */
export function localeKeysUsed(source: string, keys: readonly string[]): string[] {
  const known = new Set(keys);
  const used = new Set<string>();
  for (const m of source.matchAll(QUOTED_WORD)) {
    const word = m[2]!;
    if (known.has(word)) used.add(word);
    for (const suffix of PLURAL_SUFFIXES) if (known.has(`${word}_${suffix}`)) used.add(`${word}_${suffix}`);
    if (word.length >= 3 && /[_.]$/.test(word)) for (const key of keys) if (key.startsWith(word)) used.add(key);
  }
  for (const m of source.matchAll(TEMPLATE)) {
    if (!m[1]!.includes('${')) continue;
    const statics = m[1]!.split(/\$\{[^}]*\}/);
    if (!statics.some((part) => /[a-z]{2}/i.test(part))) continue;
    const pattern = new RegExp(`^${statics.map(escapeRegExp).join('.+')}$`);
    for (const key of keys) if (pattern.test(key)) used.add(key);
  }
  return [...used].sort();
}

/**
 * Issue 24, item 27: each text downloads with the code that shows it. en.json whole was ~17 KB gzip of
 * the entry, most of it the signed-in pages' texts. Every module of web/src and contracts/ that names
 * locale keys gets one more import, of a generated module that hands its texts to web/src/i18n/strings.ts
 * (`addStrings({...})`): the import sits in the module itself, so its slice goes into the module's
 * chunk, and an import runs before the module's body, so the texts are there before anything renders
 * (no flash of keys, nothing to wait for). Appended, so the module's source map stays as it was. A
 * text two chunks use is in both. zh-TW still loads whole with the language (i18n.ts). In every mode
 * (build, dev server, vitest), so the app always runs the way it ships.
 */
export function localeSlices(): Plugin {
  const PREFIX = 'virtual:locale-slice:';
  /** A slice's name (a hash of its keys: a module whose keys change imports another slice) → its keys. */
  const slices = new Map<string, string[]>();
  let english: { mtimeMs: number; strings: Record<string, string> } | undefined;
  const readEnglish = () => {
    const { mtimeMs } = statSync(EN_STRINGS);
    if (english?.mtimeMs !== mtimeMs) english = { mtimeMs, strings: JSON.parse(readFileSync(EN_STRINGS, 'utf8')) as Record<string, string> };
    return english.strings;
  };
  const sliced = (file: string) =>
    /\.tsx?$/.test(file) && !file.includes('node_modules') && file !== STRINGS_MODULE && (file.startsWith(path.join(webRoot, 'src') + path.sep) || file.startsWith(path.join(repoRoot, 'contracts') + path.sep));
  return {
    name: 'locale-slices',
    enforce: 'pre',
    transform(code, id) {
      // A module as a module (not `?raw`, `?url`, ...).
      if (id.includes('?') || !sliced(id)) return null;
      const keys = localeKeysUsed(code, Object.keys(readEnglish()));
      if (!keys.length) return null;
      const name = createHash('sha256').update(keys.join(',')).digest('hex').slice(0, 16);
      slices.set(name, keys);
      return { code: `${code}\nimport ${JSON.stringify(`${PREFIX}${name}`)};\n`, map: null };
    },
    resolveId: (source) => (source.startsWith(PREFIX) ? `\0${source}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      this.addWatchFile(EN_STRINGS);
      const keys = slices.get(id.slice(PREFIX.length + 1));
      if (!keys) throw new Error(`${id.slice(1)}: no module names this slice (it is made when its module is transformed)`);
      const strings = readEnglish();
      const slice = Object.fromEntries(keys.filter((key) => key in strings).map((key) => [key, strings[key]!]));
      return `import { addStrings } from ${JSON.stringify(STRINGS_MODULE)};\naddStrings(${JSON.stringify(slice)});\n`;
    },
  };
}

/**
 * `@contracts/…` is contracts/ (the one project folder the web imports, docs/architecture.md): the
 * same alias in web/tsconfig.json `paths` for the type check and ESLint's resolver, and in the
 * `web` test project (vitest.config.ts).
 */
export const webAliases = { '@contracts': path.join(repoRoot, 'contracts') };

/**
 * The web app's Vite config. `npm run build:web` builds into dist/web; the local stack starts the
 * dev server programmatically (`createServer({ configFile: 'web/vite.config.ts' })`) and sets
 * LOCAL_API_URL, to which `/api`, `/config.json` and `/renditions` are proxied.
 */
export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  resolve: { alias: webAliases },
  plugins: [react(), localeSlices(), devServerLoadsOnlyAllowedFiles(), amplifyUiWithoutComponentTokens(), amplifyUiLazyDefaultTheme(), amplifyUiWithoutUnreadComponentVariables()],
  build: {
    outDir: path.resolve(webRoot, '../dist/web'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // A few KB of route chunks are worth more than an inlined-module round trip on slow links.
    assetsInlineLimit: 4096,
    rolldownOptions: {
      output: {
        /*
         * Fewer, larger shared chunks for the signed-in pages. Left to itself the bundler gives every
         * combination of importers its own chunk: opening /inventory inserted 23 module-preload links
         * in one task (the Lighthouse traces show ~60-130 ms of main-thread time there, ×4 under its
         * CPU throttling). Amplify UI's primitives and TanStack Query, which the header layout loads
         * anyway, are one chunk each; what the entry loads stays in the entry's chunk (`$initial`,
         * first, so no group pulls an entry module out of it). /inventory now adds 11 files.
         */
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 30 },
            { name: 'amplify-ui', test: /node_modules[\\/]@aws-amplify[\\/]ui(-react)?[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
    fs: devServerFs,
    proxy: {
      '/api': { target: process.env.LOCAL_API_URL ?? 'http://127.0.0.1:8787', changeOrigin: true },
      '/config.json': { target: process.env.LOCAL_API_URL ?? 'http://127.0.0.1:8787', changeOrigin: true },
      // Product image renditions (issue 23): CloudFront's /renditions/* behaviour, played by the local API server.
      '/renditions': { target: process.env.LOCAL_API_URL ?? 'http://127.0.0.1:8787', changeOrigin: true },
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
