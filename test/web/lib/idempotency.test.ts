import { describe, expect, it } from 'vitest';
import { ActionKey } from '../../../web/src/lib/idempotency';

describe('ActionKey: one Idempotency-Key per user action', () => {
  it('keeps the key while the same request is sent again, a new one for a changed request or after success', () => {
    let n = 0;
    const keys = new ActionKey(() => `key-${++n}`);
    expect(keys.keyFor({ values: { name: 'Rice' }, submit: false })).toBe('key-1');
    // The vendor pressed Save again after an error, nothing changed: the same request.
    expect(keys.keyFor({ values: { name: 'Rice' }, submit: false })).toBe('key-1');
    // They changed the form (or chose Submit instead): another request.
    expect(keys.keyFor({ values: { name: 'Rice 5 kg' }, submit: false })).toBe('key-2');
    expect(keys.keyFor({ values: { name: 'Rice 5 kg' }, submit: true })).toBe('key-3');
    keys.done();
    expect(keys.keyFor({ values: { name: 'Rice 5 kg' }, submit: true })).toBe('key-4');
  });

  it('makes UUIDs by default', () => {
    expect(new ActionKey().keyFor({})).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
