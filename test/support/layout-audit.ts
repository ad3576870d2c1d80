/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

/**
 * What a phone user would notice at the current viewport: the page scrolls sideways
 * (`scrollWidth > innerWidth`), or a button (or a link styled as one, like Edit; a `role="button"`, a
 * menu item, a tab) sticks out of the viewport or is cut off by a container that clips it sideways. Elements that
 * are not rendered (display none, visibility hidden, zero size, visually hidden) are skipped.
 * Returns one readable line per problem; [] when the page fits.
 */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width) {
      // Name the widest offenders, so the report says what to fix.
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== 'fixed')
        .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > width + 0.5))
        .slice(0, 4)
        .map((el) => describe(el));
      problems.push(`page is ${doc.scrollWidth}px wide in a ${width}px viewport (${wide.join(', ')})`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="menuitem"], [role="menuitemradio"], [role="tab"], [role="switch"], input[type="submit"], input[type="button"], a.amplify-button, a.text-button',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[hidden], [aria-hidden="true"]')) continue;
      let left = box.left;
      let right = box.right;
      // Clip by every ancestor that clips sideways (a dialog, a scrolling table).
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      left = Math.max(left, 0);
      right = Math.min(right, width);
      if (right - left < box.width - 1) problems.push(`${describe(el)} is cut off: ${Math.round(box.left)}–${Math.round(box.right)}px, visible ${Math.round(Math.max(0, right - left))} of ${Math.round(box.width)}px`);
    }
    // A dialog is wholly on screen (its body scrolls inside it).
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5 || box.bottom > window.innerHeight + 0.5)
        problems.push(`${describe(dialog)} is ${Math.round(box.width)}×${Math.round(box.height)}px at ${Math.round(box.left)},${Math.round(box.top)}: not inside the ${width}×${window.innerHeight}px viewport`);
    }
    return problems;

    function describe(el: Element): string {
      const id = el.getAttribute('data-testid');
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}${label ? ` "${label}"` : ''}`;
    }
  });
}

/**
 * Text links smaller than a 24-px target on a phone (WCAG 2.5.8; issue 24, item 21): every rendered
 * `a[href]` that is not styled as a button, by its box's height. Returns one readable line per link.
 */
export function smallLinkProblems(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]:not(.amplify-button)')]
      .filter((a) => {
        const box = a.getBoundingClientRect();
        return box.width >= 2 && box.height >= 2 && getComputedStyle(a).visibility !== 'hidden' && !a.closest('[hidden], [aria-hidden="true"], .visually-hidden');
      })
      .filter((a) => a.getBoundingClientRect().height < 23.5)
      .slice(0, 6)
      .map((a) => `link "${(a.textContent ?? '').trim().slice(0, 30)}" is ${a.getBoundingClientRect().height.toFixed(1)}px tall (at least 24px on a phone)`),
  );
}

interface AxeResult {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * Runs axe-core in the page (injected on first use) and returns its serious and critical violations
 * as readable lines: rule id, help text, and the selectors of the offending nodes.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(
    () =>
      (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe.run(document, {
        resultTypes: ['violations'],
        // Color contrast is checked too: the whole default rule set, WCAG 2.x A/AA and best practices.
      }) as Promise<AxeResult>,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}
