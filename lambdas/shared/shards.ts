/**
 * Write sharding of a low-cardinality index partition (issue 23): instead of one constant partition
 * value, an item gets `<prefix>#<nn>`, `nn` derived from a key the item already has (a vendor id),
 * so the same item always lands in the same shard (a rewrite does not move it) and the shards fill
 * evenly. Readers query every shard (in parallel) and merge.
 *
 * The shard count is part of the data: items written with N shards are only found by a reader that
 * reads N. Raising it later means reading the old and the new shard values until the old ones are
 * rewritten; keep it a constant.
 */

/** FNV-1a, 32 bits: fast, stable across runtimes and releases (never change it: the data depends on it). */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The shard of `key` among `shards` (0 … shards − 1). */
export function shardOf(key: string, shards: number): number {
  if (!Number.isInteger(shards) || shards < 1) throw new RangeError(`A shard count must be a whole number ≥ 1, got ${shards}`);
  return fnv1a32(key) % shards;
}

/** `<prefix>#<nn>` (two digits, or more for ≥ 100 shards): the partition value of shard `shard`. */
export const shardValue = (prefix: string, shard: number, shards: number): string =>
  `${prefix}#${String(shard).padStart(Math.max(2, String(shards - 1).length), '0')}`;

/** Every partition value of a sharded index, shard 0 first. */
export const shardValues = (prefix: string, shards: number): string[] => Array.from({ length: shards }, (_, i) => shardValue(prefix, i, shards));

/** The partition value `key`'s item is written with. */
export const shardedValue = (prefix: string, key: string, shards: number): string => shardValue(prefix, shardOf(key, shards), shards);
