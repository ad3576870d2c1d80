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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { primaryCheckOf } from '../../lambdas/images/primary-check';
import { PRIMARY_IMAGE_RULES } from '../../contracts/primary-image';
import { ensureRendered, MANIFEST_PATH } from './images/generate';
import { benchSet, TWELVE_MEGAPIXEL, type BenchImage } from './images/set';
import { REAL_IMAGE_DIR, realSet } from './images/real/set';

const TARGET = { precision: 0.95, recall: 0.95, twelveMegapixelMs: 300 };

/** What the bench scores: the three rules, and the reviewer's marks flag (a positive: marks were added). */
const SCORED = [...PRIMARY_IMAGE_RULES, 'marks'] as const;
type Scored = (typeof SCORED)[number];

interface RuleScore {
  rule: Scored;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
}

/** One labelled image: where it is, whether it follows each rule (null: not scored), its drawn fill. */
interface Case {
  file: string;
  path: string;
  labels: Record<Scored, boolean | null>;
  fill: number | null;
}

interface SetResult {
  name: string;
  images: number;
  scores: RuleScore[];
  fillError: number;
  times: number[];
  misjudged: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
const fixed = (n: number, digits = 3) => n.toFixed(digits);

/** Runs the server path over `cases` and counts, per rule, how its verdicts meet the labels. */
async function scoreSet(name: string, cases: Case[]): Promise<SetResult> {
  const counts = new Map(SCORED.map((rule) => [rule, { tp: 0, fp: 0, fn: 0, tn: 0 }]));
  const times: number[] = [];
  const misjudged: string[] = [];
  let fillError = 0;
  for (const image of cases) {
    const bytes = readFileSync(image.path);
    const started = performance.now();
    const check = await primaryCheckOf(bytes);
    times.push(performance.now() - started);
    if (!check) throw new Error(`${image.file}: not decoded`);
    if (image.fill !== null) fillError = Math.max(fillError, Math.abs(check.fill - image.fill));
    for (const rule of SCORED) {
      const label = image.labels[rule];
      if (label === null) continue;
      // A positive is a violation of a rule, or marks that were added.
      const positive = rule === 'marks' ? label : !label;
      const flagged = rule === 'marks' ? check.marks === true : check.problems.includes(rule);
      const c = counts.get(rule)!;
      if (positive && flagged) c.tp += 1;
      else if (!positive && flagged) c.fp += 1;
      else if (positive && !flagged) c.fn += 1;
      else c.tn += 1;
      if (positive !== flagged) misjudged.push(`${image.file}: ${rule} ${flagged ? 'flagged' : 'missed'} (aspect ${check.aspectRatio}, white ${check.whiteShare}, fill ${check.fill} vs drawn ${image.fill}, marks ${check.marks})`);
    }
  }
  const scores: RuleScore[] = SCORED.map((rule) => {
    const c = counts.get(rule)!;
    return { rule, truePositives: c.tp, falsePositives: c.fp, falseNegatives: c.fn, trueNegatives: c.tn, precision: ratio(c.tp, c.tp + c.fp), recall: ratio(c.tp, c.tp + c.fn) };
  });
  return { name, images: cases.length, scores, fillError, times, misjudged };
}

function printSet(result: SetResult, verbose: boolean) {
  const { scores, times, misjudged } = result;
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
  console.log(`${result.name}: ${result.images} labelled images (positive = the image breaks the rule; for marks, marks were added)`);
  console.log('rule              positives  TP  FP  FN  TN  precision  recall');
  for (const s of scores) {
    console.log(
      `${s.rule.padEnd(18)}${String(s.truePositives + s.falseNegatives).padStart(9)}${String(s.truePositives).padStart(4)}${String(s.falsePositives).padStart(4)}${String(s.falseNegatives).padStart(4)}${String(s.trueNegatives).padStart(4)}${fixed(s.precision).padStart(11)}${fixed(s.recall).padStart(8)}`,
    );
  }
  console.log(`fill measured against the drawn product: largest difference ${fixed(result.fillError)}`);
  console.log(`server path (sharp decode + downscale + rules): ${fixed(mean, 1)} ms per image (p95 ${fixed(p95, 1)} ms) over the set`);
  if (verbose || misjudged.length <= 10) for (const line of misjudged) console.log(`  misjudged: ${line}`);
  else console.log(`  ${misjudged.length} misjudgements (--verbose lists them)`);
  return { mean, p95 };
}

const underTarget = (result: SetResult) => [
  ...result.scores.filter((s) => s.precision < TARGET.precision).map((s) => `${result.name} ${s.rule} precision ${fixed(s.precision)} < ${TARGET.precision}`),
  ...result.scores.filter((s) => s.recall < TARGET.recall).map((s) => `${result.name} ${s.rule} recall ${fixed(s.recall)} < ${TARGET.recall}`),
];

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

  const generated = await scoreSet(
    'generated set',
    images.map((image, i) => ({ file: image.file, path: paths[i]!, labels: { ...image.labels, marks: false }, fill: image.fill })),
  );

  const real = realSet();
  const realPaths = real.map((image) => path.join(REAL_IMAGE_DIR, image.file));
  const missing = realPaths.filter((file) => !existsSync(file)).length;
  const photographs = missing ? null : await scoreSet('real photographs', real.map((image, i) => ({ file: image.file, path: realPaths[i]!, labels: image.labels, fill: image.fill })));

  const twelveBytes = readFileSync(twelvePath!);
  const twelveTimes: number[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    await primaryCheckOf(twelveBytes);
    twelveTimes.push(performance.now() - started);
  }
  twelveTimes.sort((a, b) => a - b);
  const twelveMedian = twelveTimes[3]!;

  const generatedTimes = printSet(generated, values.verbose!);
  const realTimes = photographs ? (console.log(''), printSet(photographs, values.verbose!)) : null;
  if (!photographs) {
    console.log(`\nreal photographs: ${missing} of ${real.length} images missing from ${path.relative(process.cwd(), REAL_IMAGE_DIR)}; render them with`);
    console.log('  tsx scripts/bench/images/real/prepare.ts <Grocery Store Dataset checkout or git dir>   (scripts/bench/images/real/ATTRIBUTION.md)');
  }
  console.log(`\n12-megapixel JPEG (${(twelveBytes.length / 1e6).toFixed(1)} MB): median ${fixed(twelveMedian, 1)} ms of 7 runs (target ≤ ${TARGET.twelveMegapixelMs} ms)`);

  const failures = [
    ...underTarget(generated),
    ...(photographs ? underTarget(photographs) : ['real photographs not rendered']),
    ...(twelveMedian > TARGET.twelveMegapixelMs ? [`12-MP JPEG ${fixed(twelveMedian, 1)} ms > ${TARGET.twelveMegapixelMs} ms`] : []),
  ];
  if (values.json) {
    const summary = (result: SetResult, times: { mean: number; p95: number }) => ({ images: result.images, scores: result.scores, fillError: result.fillError, msPerImage: times });
    writeFileSync(
      values.json,
      `${JSON.stringify({ generated: summary(generated, generatedTimes), real: photographs && realTimes ? summary(photographs, realTimes) : null, twelveMegapixelMs: twelveMedian, failures }, null, 2)}\n`,
    );
  }
  if (failures.length) {
    console.error(`✖ under target: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('✔ every rule and the marks flag ≥ 0.95 precision and recall on both sets; 12-MP JPEG within budget');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
