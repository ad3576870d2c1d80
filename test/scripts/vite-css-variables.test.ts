import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appStylesheets, pruneComponentVariables } from '../../web/vite.config';

const root = path.resolve(import.meta.dirname, '../..');
const names = (css: string, pattern: RegExp) => new Set([...css.matchAll(pattern)].map((m) => m[1]!));
const declared = (css: string) => names(css, /(?<=[{;]\s*)(--amplify-components-[\w-]+)\s*:/g);
const read = (css: string) => names(css, /var\(\s*(--amplify-components-[\w-]+)/g);

/**
 * web/vite.config.ts drops the Amplify UI component variables (`--amplify-components-*`) that no
 * stylesheet of the app reads from Amplify UI's stylesheets in the build.
 */
describe('the build leaves out Amplify UI component variables nothing reads', () => {
  it('drops unread component variables, keeps read ones and what they read, and every design token', () => {
    const css = [
      ':root, [data-amplify-theme] {',
      '  --amplify-colors-brand: #1f6f43;',
      '  --amplify-components-button-color: var(--amplify-components-button-base-color);',
      '  --amplify-components-button-base-color: var(--amplify-colors-brand);',
      '  --amplify-components-table-color: var(--amplify-components-table-base-color);',
      '  --amplify-components-table-base-color: red;',
      '  --amplify-components-tabs-color: blue',
      '}',
      '.amplify-button{color:var(--amplify-components-button-color)}',
    ].join('\n');
    const pruned = pruneComponentVariables(css, ['.x{border-color:var(--amplify-components-tabs-color, black)}']);
    expect(declared(pruned)).toEqual(new Set(['--amplify-components-button-color', '--amplify-components-button-base-color', '--amplify-components-tabs-color']));
    expect(pruned).toContain('--amplify-colors-brand: #1f6f43;');
    expect(pruned).toContain('.amplify-button{color:var(--amplify-components-button-color)}');
    // Minified too.
    expect(pruneComponentVariables(':root{--amplify-components-a:1;--amplify-components-b:2}.a{x:var(--amplify-components-b)}', [])).toBe(':root{--amplify-components-b:2}.a{x:var(--amplify-components-b)}');
  });

  it('keeps every component variable the app’s stylesheets read, and drops most of base.css’s', () => {
    const base = readFileSync(path.join(root, 'node_modules/@aws-amplify/ui-react/dist/styles/base.css'), 'utf8');
    const readers = appStylesheets();
    const pruned = pruneComponentVariables(base, readers);
    const kept = declared(pruned);
    const needed = new Set([...readers.flatMap((css) => [...read(css)]), ...read(pruned)].filter((name) => declared(base).has(name)));
    expect(needed.size).toBeGreaterThan(100);
    for (const name of needed) expect(kept.has(name), name).toBe(true);
    expect(kept.size).toBe(needed.size);
    expect(kept.size).toBeLessThan(declared(base).size / 2);
    // The file still parses as the same rules: as many braces as before.
    expect(pruned.split('{').length).toBe(base.split('{').length);
    expect(pruned.split('}').length).toBe(base.split('}').length);
  });
});
