/**
 * `npm run bench:images` (issue 15): how well the primary-image rules (contracts/primary-image.ts)
 * judge the labelled set (scripts/bench/images/: 120 generated images, labels in manifest.json), and
 * how fast the server path is. Each image goes through exactly what the image check runs
 * (lambdas/images/primary-check.ts: sharp decode, flatten, downscale, the rules). Prints, per rule,
 * the confusion counts and the precision and recall of finding a VIOLATION (a positive is an image
 * breaking the rule), the milliseconds per image of the set, and the median of 7 runs on a
 * 12-megapixel JPEG. Exits 1 when a rule's precision or recall is under 0.95, when the 12-MP median is
 * over 300 ms, or when the manifest is not what the generator makes (edit set.ts, then run
 * `tsx scripts/bench/images/generate.ts`).
 *
 *   --json FILE   also write the results as JSON
 *   --verbose     list every misjudged image with what was measured
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { primaryCheckOf } from '../../lambdas/images/primary-check';
import { PRIMARY_IMAGE_RULES, type PrimaryImageRule } from '../../contracts/primary-image';
import { ensureRendered, MANIFEST_PATH } from './images/generate';
import { benchSet, TWELVE_MEGAPIXEL, type BenchImage } from './images/set';

const TARGET = { precision: 0.95, recall: 0.95, twelveMegapixelMs: 300 };

interface RuleScore {
  rule: PrimaryImageRule;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const fixed = (n: number, digits = 3) => n.toFixed(digits);

async function main() {
  const { values } = parseArgs({ options: { json: { type: 'string' }, verbose: { type: 'boolean', default: false } } });
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as { images: BenchImage[] };
  if (JSON.stringify(manifest.images) !== JSON.stringify(benchSet())) {
    console.error('✖ manifest.json is not what scripts/bench/images/set.ts generates: run `tsx scripts/bench/images/generate.ts`');
    process.exit(1);
  }
  const images = manifest.images;
  const [paths, [twelvePath]] = [await ensureRendered(images), await ensureRendered([TWELVE_MEGAPIXEL])];

  // Warm-up: sharp's first decode loads libvips' codecs.
  await primaryCheckOf(readFileSync(paths[0]!));

  const counts = new Map(PRIMARY_IMAGE_RULES.map((rule) => [rule, { tp: 0, fp: 0, fn: 0, tn: 0 }]));
  const times: number[] = [];
  const misjudged: string[] = [];
  let fillError = 0;
  for (const [i, image] of images.entries()) {
    const bytes = readFileSync(paths[i]!);
    const started = performance.now();
    const check = await primaryCheckOf(bytes);
    times.push(performance.now() - started);
    if (!check) throw new Error(`${image.file}: not decoded`);
    fillError = Math.max(fillError, Math.abs(check.fill - image.fill));
    for (const rule of PRIMARY_IMAGE_RULES) {
      const violates = !image.labels[rule];
      const flagged = check.problems.includes(rule);
      const c = counts.get(rule)!;
      if (violates && flagged) c.tp += 1;
      else if (!violates && flagged) c.fp += 1;
      else if (violates && !flagged) c.fn += 1;
      else c.tn += 1;
      if (violates !== flagged) misjudged.push(`${image.file}: ${rule} ${flagged ? 'flagged' : 'missed'} (aspect ${check.aspectRatio}, white ${check.whiteShare}, fill ${check.fill} vs drawn ${image.fill})`);
    }
  }

  const twelveBytes = readFileSync(twelvePath!);
  const twelveTimes: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await primaryCheckOf(twelveBytes);
    twelveTimes.push(performance.now() - started);
  }
  twelveTimes.sort((a, b) => a - b);
  const twelveMedian = twelveTimes[3]!;

  const scores: RuleScore[] = PRIMARY_IMAGE_RULES.map((rule) => {
    const c = counts.get(rule)!;
    return { rule, truePositives: c.tp, falsePositives: c.fp, falseNegatives: c.fn, trueNegatives: c.tn, precision: ratio(c.tp, c.tp + c.fp), recall: ratio(c.tp, c.tp + c.fn) };
  });
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;

  console.log(`Primary-image rules on ${images.length} labelled images (positive = the image breaks the rule)`);
  console.log('rule              violations  TP  FP  FN  TN  precision  recall');
  for (const s of scores) {
    console.log(
      `${s.rule.padEnd(18)}${String(s.truePositives + s.falseNegatives).padStart(10)}${String(s.truePositives).padStart(4)}${String(s.falsePositives).padStart(4)}${String(s.falseNegatives).padStart(4)}${String(s.trueNegatives).padStart(4)}${fixed(s.precision).padStart(11)}${fixed(s.recall).padStart(8)}`,
    );
  }
  console.log(`fill measured against the drawn product: largest difference ${fixed(fillError)}`);
  console.log(`server path (sharp decode + downscale + rules): ${fixed(mean, 1)} ms per image (p95 ${fixed(p95, 1)} ms) over the set`);
  console.log(`12-megapixel JPEG (${(twelveBytes.length / 1e6).toFixed(1)} MB): median ${fixed(twelveMedian, 1)} ms of 7 runs (target ≤ ${TARGET.twelveMegapixelMs} ms)`);
  if (values.verbose || misjudged.length <= 10) for (const line of misjudged) console.log(`  misjudged: ${line}`);
  else console.log(`  ${misjudged.length} misjudgements (--verbose lists them)`);

  const failures = [
    ...scores.filter((s) => s.precision < TARGET.precision).map((s) => `${s.rule} precision ${fixed(s.precision)} < ${TARGET.precision}`),
    ...scores.filter((s) => s.recall < TARGET.recall).map((s) => `${s.rule} recall ${fixed(s.recall)} < ${TARGET.recall}`),
    ...(twelveMedian > TARGET.twelveMegapixelMs ? [`12-MP JPEG ${fixed(twelveMedian, 1)} ms > ${TARGET.twelveMegapixelMs} ms`] : []),
  ];
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ images: images.length, scores, fillError, msPerImage: { mean, p95 }, twelveMegapixelMs: twelveMedian, failures }, null, 2)}\n`);
  if (failures.length) {
    console.error(`✖ under target: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('✔ every rule ≥ 0.95 precision and recall; 12-MP JPEG within budget');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
