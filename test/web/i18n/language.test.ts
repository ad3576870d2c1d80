import { describe, expect, it } from 'vitest';
import { languageButtonLabel, languageToApply } from '../../../web/src/i18n/language';

describe('languageToApply (spec §4, §5)', () => {
  it('applies a stored language only when it is exactly en or zh-TW', () => {
    expect(languageToApply('en')).toBe('en');
    expect(languageToApply('zh-TW')).toBe('zh-TW');
  });

  it.each(['zh', 'zh-tw', 'ZH-TW', 'zh_TW', 'zh-Hant', 'EN', 'en-US', ' en', 'fr', '', null, undefined, 42, {}])('falls back to en for %j', (stored) => {
    expect(languageToApply(stored)).toBe('en');
  });
});

describe('languageButtonLabel', () => {
  it("shows EN or the Chinese label", () => {
    expect(languageButtonLabel('en')).toBe('EN');
    expect(languageButtonLabel('zh-TW')).toBe('繁中');
  });
});
