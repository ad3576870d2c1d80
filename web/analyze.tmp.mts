import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
const out = await build({ configFile: '/work/wt-perf/web/vite.config.ts', logLevel: 'silent', build: { write: false, sourcemap: true } }) as any;
const outputs = (Array.isArray(out) ? out : [out]).flatMap((o: any) => o.output);
for (const c of outputs) {
  if (c.type !== 'chunk' || !c.isEntry) continue;
  const smc = new SourceMapConsumer(c.map);
  const lines = c.code.split('\n');
  const bytes = new Map<string, string[]>();
  smc.eachMapping((m: any) => {}); // warm
  // attribute each char range between consecutive mappings to the mapping's source
  const maps: any[] = []; smc.eachMapping((m: any) => maps.push(m));
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i], n = maps[i + 1];
    const line = lines[m.generatedLine - 1] ?? '';
    const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : line.length;
    const src = (m.source ?? '?').replace(/.*node_modules\//, 'nm:').replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1').replace(/.*\/web\/src\//, 'web/src/').replace(/.*\/contracts\//, 'contracts/');
    (bytes.get(src) ?? bytes.set(src, []).get(src)!).push(line.slice(m.generatedColumn, end));
  }
  console.log(c.fileName, (gzipSync(c.code).length / 1024).toFixed(1));
  const rows = [...bytes].map(([k, v]) => [k, v.join('').length, gzipSync(v.join('')).length] as const).sort((a, b) => b[1] - a[1]);
  for (const [k, raw, gz] of rows.slice(0, 30)) console.log(String((raw / 1024).toFixed(1)).padStart(7), String((gz / 1024).toFixed(1)).padStart(7), k);
}
