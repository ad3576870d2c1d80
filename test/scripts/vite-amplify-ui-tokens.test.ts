import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * web/vite.config.ts gives Amplify UI's default theme an empty set of component tokens in the build
 * (they only feed CSS variables a <ThemeProvider> would write). These checks keep that safe and real.
 */
describe('the build leaves out Amplify UI component tokens', () => {
  it('the web app uses no Amplify UI theming API that would need them', () => {
    const uses = execSync(`grep -rlE "ThemeProvider|createTheme|defineComponentTheme|useTheme" web/src || true`, { cwd: root }).toString().trim();
    expect(uses).toBe('');
  });

  it('the module the build replaces still exists where the plugin looks for it', () => {
    expect(existsSync(path.join(root, 'node_modules/@aws-amplify/ui/dist/esm/theme/tokens/components/index.mjs'))).toBe(true);
    expect(readFileSync(path.join(root, 'node_modules/@aws-amplify/ui/dist/esm/theme/tokens/index.mjs'), 'utf8')).toContain("from './components/index.mjs'");
  });

  it('a built Amplify UI Button carries no component tokens, and renders', async () => {
    // A one-line module importing the Button, built with the app's config (in .local/, ignored by git).
    const entry = path.join(root, '.local/vite-probe/probe.ts');
    mkdirSync(path.dirname(entry), { recursive: true });
    writeFileSync(entry, "export { Button } from '@aws-amplify/ui-react';\n");
    const result = await build({
      configFile: path.join(root, 'web/vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, manifest: false, minify: false, lib: { entry, formats: ['es'], fileName: 'probe' }, rollupOptions: { external: ['react', 'react-dom', 'react/jsx-runtime'] } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
    const code = outputs.map((o) => ('code' in o ? o.code : '')).join('\n');
    expect(code).toContain('amplify-button');
    // The AI conversation's tokens are among the ones left out; the colour tokens stay.
    expect(code).not.toContain('aiConversation');
    expect(code).toContain('neutral');
    // And the theme context's default theme is the lazy one (test/scripts/vite-amplify-theme.test.ts).
    expect(code).toContain('lazyDefaultTheme');
  }, 60_000);
});
