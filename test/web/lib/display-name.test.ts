import { describe, expect, it } from 'vitest';
import { displayName } from '../../../web/src/lib/display-name';

describe('displayName (account menu, spec §2)', () => {
  it('is the vendor name when there is one', () => {
    expect(displayName('Golden Harvest Foods', 'demo.vendor@example.com')).toBe('Golden Harvest Foods');
  });

  it("is else the e-mail's part before the @ with its first letter capitalised", () => {
    expect(displayName(null, 'demo.vendor@example.com')).toBe('Demo.vendor');
    expect(displayName(undefined, 'jane@shop.tw')).toBe('Jane');
    expect(displayName('', 'aBC@x.y')).toBe('ABC');
  });

  it('treats a blank vendor name as missing', () => {
    expect(displayName('   ', 'sam@example.com')).toBe('Sam');
  });

  it('leaves the rest of the local part as it is', () => {
    expect(displayName(null, 'mcDonald_farm@example.com')).toBe('McDonald_farm');
  });

  it('is empty with neither', () => {
    expect(displayName(null, null)).toBe('');
    expect(displayName(null, '@example.com')).toBe('');
  });
});
