import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LAZY_THEME_CONTEXT } from '../../web/vite.config';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the repository, so the module's `react` and `@aws-amplify/ui` imports resolve as in the build.
const dir = mkdtempSync(path.join(root, 'node_modules', '.lazy-theme-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LazyModule {
  lazyDefaultTheme: { name: string; breakpoints: unknown; tokens: Record<string, unknown>; cssText: string; containerProps(o?: { colorMode?: string }): unknown; overrides: unknown };
  ThemeContext: unknown;
  themeBuilt(): boolean;
}

async function load(): Promise<LazyModule> {
  const file = path.join(dir, `theme-context-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, LAZY_THEME_CONTEXT);
  return (await import(pathToFileURL(file).href)) as LazyModule;
}

/**
 * web/vite.config.ts replaces Amplify UI's theme context module in the build: its default theme must
 * be `createTheme()`'s in every part a primitive or a ThemeProvider could read, with the costly parts
 * built only when one of them is first read.
 */
describe('the build’s lazy Amplify UI default theme', () => {
  it('equals createTheme(): name, breakpoints, every token (CSS variable, value, var() text), the CSS text and the container props', async () => {
    const { createTheme } = await import('@aws-amplify/ui');
    const built = createTheme();
    const { lazyDefaultTheme: lazy } = await load();
    expect(lazy.name).toBe(built.name);
    expect(lazy.breakpoints).toEqual(built.breakpoints);
    expect(Object.keys(lazy.tokens)).toEqual(Object.keys(built.tokens));
    expect(JSON.parse(JSON.stringify(lazy.tokens))).toEqual(JSON.parse(JSON.stringify(built.tokens)));
    const space = lazy.tokens.space as Record<string, { toString(): string; name: string }>;
    expect(String(space.small)).toBe('var(--amplify-space-small)');
    expect('colors' in lazy.tokens).toBe(true);
    expect(lazy.cssText).toBe(built.cssText);
    expect(lazy.containerProps({ colorMode: 'dark' })).toEqual(built.containerProps({ colorMode: 'dark' }));
    expect(lazy.overrides).toEqual(built.overrides);
  });

  it('builds nothing when the module is evaluated, nor when a primitive reads the name or breakpoints; builds when a token is first read', async () => {
    const { lazyDefaultTheme, themeBuilt } = await load();
    expect(themeBuilt()).toBe(false);
    void lazyDefaultTheme.name;
    void lazyDefaultTheme.breakpoints;
    expect(themeBuilt()).toBe(false);
    expect((lazyDefaultTheme.tokens.colors as Record<string, unknown>).red).toBeDefined();
    expect(themeBuilt()).toBe(true);
  });
});
