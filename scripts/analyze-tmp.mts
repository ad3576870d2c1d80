import { build } from 'vite';
import { writeFileSync } from 'node:fs';
const out: Record<string, { file: string; isEntry: boolean; isDynamicEntry: boolean; imports: string[]; dynamicImports: string[]; modules: Record<string, number> }> = {};
await build({
  configFile: '/work/main/web/vite.config.ts',
  logLevel: 'warn',
  build: { outDir: process.argv[2] ?? '/work/tmp/an/dist', emptyOutDir: true },
  plugins: [{
    name: 'analyze',
    generateBundle(_o, bundle) {
      for (const [file, c] of Object.entries(bundle)) {
        if (c.type !== 'chunk') continue;
        out[file] = { file, isEntry: c.isEntry, isDynamicEntry: c.isDynamicEntry, imports: c.imports, dynamicImports: c.dynamicImports, modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id.replace('/work/main/', ''), m.renderedLength])) };
      }
    },
  }],
});
writeFileSync('/work/tmp/an/chunks.json', JSON.stringify(out, null, 1));
