import { describe, expect, it } from 'vitest';
import { limiter, mapLimit } from '../../../lambdas/shared/concurrency';
import { fnv1a32, shardedValue, shardOf, shardValue, shardValues } from '../../../lambdas/shared/shards';
import { LEGACY_PAYABLE_VALUE, PAYABLE_PARTITIONS, PAYABLE_SHARDS, payableValue } from '../../../lambdas/payouts/model';

describe('write shards', () => {
  it('FNV-1a is the published function (the data depends on it never changing)', () => {
    // Reference values of 32-bit FNV-1a.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('puts a key in the same shard every time, and spreads vendor ids evenly', () => {
    expect(shardOf('V-10001', 16)).toBe(shardOf('V-10001', 16));
    const counts = new Array<number>(16).fill(0);
    for (let i = 0; i < 100_000; i++) counts[shardOf(`V-${10_001 + i}`, 16)]! += 1;
    // 6,250 each if perfectly even; every shard within 5 %.
    for (const c of counts) expect(Math.abs(c - 6_250)).toBeLessThan(6_250 * 0.05);
  });

  it('names shard partitions with a fixed width, and lists them all', () => {
    expect(shardValue('Y', 3, 16)).toBe('Y#03');
    expect(shardValue('Y', 7, 128)).toBe('Y#007');
    expect(shardValues('Y', 4)).toEqual(['Y#00', 'Y#01', 'Y#02', 'Y#03']);
    expect(shardedValue('Y', 'V-10001', 16)).toBe(shardValue('Y', shardOf('V-10001', 16), 16));
    expect(() => shardOf('x', 0)).toThrow(RangeError);
  });

  it('the payable index: sixteen shards and the legacy value, every vendor in one of the shards', () => {
    expect(PAYABLE_PARTITIONS).toHaveLength(PAYABLE_SHARDS + 1);
    expect(PAYABLE_PARTITIONS).toContain(LEGACY_PAYABLE_VALUE);
    expect(new Set(PAYABLE_PARTITIONS).size).toBe(PAYABLE_PARTITIONS.length);
    for (const v of ['V-10001', 'V-10002', 'V-99999', 'user-sub-123']) {
      expect(PAYABLE_PARTITIONS).toContain(payableValue(v));
      expect(payableValue(v)).not.toBe(LEGACY_PAYABLE_VALUE);
    }
  });
});

describe('bounded parallelism', () => {
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it('mapLimit keeps at most `limit` tasks in flight and answers in order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapLimit(Array.from({ length: 40 }, (_, i) => i), 5, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
      return n * 2;
    });
    expect(most).toBe(5);
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('mapLimit rejects with the first failure, starts nothing after it, and leaves nothing running', async () => {
    const started: number[] = [];
    let running = 0;
    await expect(
      mapLimit([0, 1, 2, 3, 4, 5, 6, 7], 2, async (n) => {
        started.push(n);
        running += 1;
        await tick();
        running -= 1;
        if (n === 1) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(running).toBe(0);
    expect(started.length).toBeLessThanOrEqual(3);
  });

  it('a limiter is shared by every caller', async () => {
    const slot = limiter(3);
    let inFlight = 0;
    let most = 0;
    const task = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      inFlight -= 1;
    };
    await Promise.all([...Array.from({ length: 10 }, () => slot(task)), ...Array.from({ length: 10 }, () => slot(task))]);
    expect(most).toBe(3);
    await expect(slot(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    // A failed task gives its slot back.
    await Promise.all(Array.from({ length: 3 }, () => slot(task)));
    expect(() => limiter(0)).toThrow(RangeError);
  });
});
