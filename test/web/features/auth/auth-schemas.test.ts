import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../../../web/src/features/auth/auth-schemas';

const values = (businessName: string) => ({ businessName, email: 'shop@example.com', password: 'Str0ng!Passw0rd', confirm: 'Str0ng!Passw0rd' });
const businessNameIssues = (name: string) => (signUpSchema.safeParse(values(name)).error?.issues ?? []).filter((i) => i.path[0] === 'businessName').map((i) => i.message);

describe('sign-up form: the business name (issue 24, item 4)', () => {
  it('refuses line breaks, NUL and other C0/C1 control characters with the shared key', () => {
    for (const name of ['Fresh\r\nFarm', 'Fresh\nFarm', 'Fresh\u0000Farm', 'Fresh\u0007Farm', 'Fresh\u007fFarm', 'Fresh\u0085Farm', 'Fresh\tFarm']) {
      expect(businessNameIssues(name)).toEqual(['error_control_characters']);
    }
  });
  it('takes an ordinary name, in any script', () => {
    expect(businessNameIssues('Fresh Farm Co')).toEqual([]);
    expect(businessNameIssues('金色豐收食品 Golden Harvest')).toEqual([]);
  });
});
