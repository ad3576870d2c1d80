/**
 * The i18n keys the web app's source uses: literal keys of `t('…')` / `t("…")` / `i18n.t('…')` and
 * `i18nKey="…"`, and the key patterns of template literals (`t(`payout_status_${status}`)`), for
 * the locale test (test/web/i18n/locales.test.ts). Reads web/src as text: no bundler, no type information.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface KeyUse {
  key: string;
  file: string;
}

export interface PatternUse {
  /** The template as written, e.g. `payout_status_${p.status}`. */
  template: string;
  /** Static parts joined by `.+`, anchored. */
  pattern: RegExp;
  file: string;
}

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `t('key'`, `t("key"`, `i18n.t('key'` — `t` as a whole word, so `split('x')` or `set('x')` do not count. */
const LITERAL_CALL = /(?<![\w$.])(?:i18n\.)?t\(\s*(['"])([^'"\\\n]+)\1/g;
const TRANS_KEY = /\bi18nKey=\{?\s*(['"])([^'"\\\n]+)\1/g;
/** `t(`prefix_${x}_suffix`` — a template without nested backticks. */
const TEMPLATE_CALL = /(?<![\w$.])(?:i18n\.)?t\(\s*`([^`]*)`/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function templatePattern(template: string): RegExp {
  const statics = template.split(/\$\{[^}]*\}/);
  return new RegExp(`^${statics.map(escape).join('.+')}$`);
}

export function keyUses(root: string): { keys: KeyUse[]; patterns: PatternUse[] } {
  const keys: KeyUse[] = [];
  const patterns: PatternUse[] = [];
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(root, path);
    for (const m of text.matchAll(LITERAL_CALL)) keys.push({ key: m[2]!, file });
    for (const m of text.matchAll(TRANS_KEY)) keys.push({ key: m[2]!, file });
    for (const m of text.matchAll(TEMPLATE_CALL)) {
      const template = m[1]!;
      if (!template.includes('${')) keys.push({ key: template, file });
      else patterns.push({ template, pattern: templatePattern(template), file });
    }
  }
  return { keys, patterns };
}
