/**
 * The y-axis of the daily sales chart: a "nice" top (1, 2, 2.5 or 5 times a power of ten, in whole
 * dollars) at or above the best day, split into `ticks` equal steps. With no sales at all the axis
 * still runs to $100, so the empty chart reads as "nothing sold", not as a broken drawing.
 */
export function salesAxis(maxCents: number, ticks = 4): { topCents: number; stepCents: number; tickValues: number[] } {
  const maxDollars = Math.max(maxCents, 0) / 100;
  const raw = maxDollars > 0 ? maxDollars / ticks : 100 / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // 2.5 only from $25 up: the axis prints whole dollars, and $2.50 steps would print as "$3".
  const factors = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const step = factors.map((f) => f * magnitude).find((s) => s >= raw - 1e-9) ?? 10 * magnitude;
  const stepDollars = Math.max(1, step);
  const count = Math.max(1, Math.ceil(maxDollars / stepDollars - 1e-9));
  const steps = Math.max(count, maxDollars > 0 ? 1 : ticks);
  const stepCents = Math.round(stepDollars * 100);
  return { topCents: stepCents * steps, stepCents, tickValues: Array.from({ length: steps + 1 }, (_, i) => i * stepCents) };
}

/** Which day labels fit under 30 bars: every `every`-th day counted back from today, so today is always labelled. */
export function labelledDays(count: number, every = 5): Set<number> {
  const out = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) out.add(i);
  return out;
}
