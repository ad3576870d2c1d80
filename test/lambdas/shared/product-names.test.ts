import { describe, expect, it } from 'vitest';
import { namesInOrder, productNameIn } from '../../../contracts/listings/names';

describe('product names in the reader’s language first (issue 24, item 19)', () => {
  const both = { nameEn: 'Jasmine Tea', nameZh: '茉莉花茶' };
  it('zh-TW: the Chinese name first, the English one second; English: the other way round', () => {
    expect(namesInOrder(both, 'zh-TW')).toEqual({ first: { text: '茉莉花茶', lang: 'zh-TW' }, second: { text: 'Jasmine Tea', lang: 'en' } });
    expect(namesInOrder(both, 'en')).toEqual({ first: { text: 'Jasmine Tea', lang: 'en' }, second: { text: '茉莉花茶', lang: 'zh-TW' } });
    expect(productNameIn(both, 'zh-TW')).toBe('茉莉花茶');
    expect(productNameIn(both, 'en')).toBe('Jasmine Tea');
  });
  it('the name there is when only one exists, the fallback when none', () => {
    expect(namesInOrder({ nameEn: 'Oolong', nameZh: '' }, 'zh-TW')).toEqual({ first: { text: 'Oolong', lang: 'en' }, second: null });
    expect(namesInOrder({ nameEn: '  ', nameZh: '烏龍茶' }, 'en')).toEqual({ first: { text: '烏龍茶', lang: 'zh-TW' }, second: null });
    expect(productNameIn({}, 'zh-TW', '10001-0001')).toBe('10001-0001');
    expect(namesInOrder({ nameEn: 'Same', nameZh: 'Same' }, 'zh-TW').second).toBeNull();
  });
});
