import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductReview, ReviewFieldRow, ReviewQueuePage } from '../../../../contracts/admin-reviews';
import { IMAGE_REJECTION_REASONS } from '../../../../contracts/images';
import { ALLERGENS, LENGTH_UNITS, PRODUCT_TYPES, UNITS_OF_MEASURE, VOLUME_UNITS, WEIGHT_UNITS } from '../../../../contracts/listings/form';
import adminEn from '../../../../web/src/i18n/admin.en.json';
import adminZh from '../../../../web/src/i18n/admin.zh-TW.json';
import en from '../../../../web/src/i18n/en.json';
import zhTW from '../../../../web/src/i18n/zh-TW.json';
import { switchLanguage } from '../../../../web/src/i18n/i18n';
import { auth, configure, signedInUser, storeAmplifySession, stubFetch, USER_ID, type FetchCall } from '../../amplify-mock';
import { renderApp, resetAppState } from '../../render-app';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
// The review API loads its schemas (and classic zod) with the first answer (issue 24): transformed here,
// once, rather than inside the first test's wait on a loaded machine.
beforeAll(async () => {
  await import('../../../../contracts/admin-reviews');
}, 60_000);
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));

const adminMe = { userId: USER_ID, email: 'ops@example.com', groups: ['admins'], roles: ['admin'], status: null, vendorId: null, vendorName: null, language: null, payoutAccountId: null };

const FIRST: ReviewQueuePage = {
  generatedAt: '2026-03-10T12:00:00.000Z',
  nextCursor: 'cursor-2',
  items: [
    { productId: 'P-AAAAAAAAA1', vendorId: 'V-10001', vendorName: 'Formosa Foods', sku: '10001-0001', nameEn: 'Jasmine Tea', nameZh: '茉莉花茶', submittedAt: '2026-03-08T12:00:00.000Z', update: false },
    { productId: 'P-BBBBBBBBB2', vendorId: 'V-10002', vendorName: 'Island Honey', sku: '10002-0004', nameEn: 'Longan Honey 700 g', nameZh: '龍眼蜂蜜 700 克', submittedAt: '2026-03-10T09:00:00.000Z', update: true },
  ],
};
const SECOND: ReviewQueuePage = {
  generatedAt: '2026-03-10T12:00:05.000Z',
  nextCursor: null,
  items: [{ productId: 'P-CCCCCCCCC3', vendorId: 'V-10001', vendorName: 'Formosa Foods', sku: '10001-0002', nameEn: 'Oolong', nameZh: '烏龍茶', submittedAt: '2026-03-10T11:50:00.000Z', update: false }],
};

const image = (n: number, check: ProductReview['images']['submitted'][number]['check'] = { status: 'valid', reason: null }) => ({
  key: `private/us-east-1:x/products/f/${n}.png`,
  url: `/renditions/us-east-1%3Ax/products/f/${n}.png/w1200?Policy=p&Signature=s&Key-Pair-Id=K`,
  width: 1200,
  height: 900,
  originalUrl: `https://images.test/${n}.png`,
  check,
});

const REVIEW: ProductReview = {
  productId: 'P-BBBBBBBBB2',
  vendorId: 'V-10002',
  vendorName: 'Island Honey',
  sku: '10002-0004',
  state: 'pending',
  submittedAt: '2026-03-10T09:00:00.000Z',
  update: true,
  fields: [
    { field: 'nameEn', kind: 'text', submitted: 'Longan Honey 700 g', live: 'Longan Honey 500 g', changed: true },
    { field: 'nameZh', kind: 'text', submitted: '龍眼蜂蜜 700 克', live: '龍眼蜂蜜 500 克', changed: true },
    { field: 'description', kind: 'text', submitted: 'Raw honey.', live: 'Raw honey.', changed: false },
    { field: 'price', kind: 'money', submitted: 1250, live: 1250, changed: false },
    { field: 'allergens', kind: 'list', submitted: [], live: [], changed: false },
  ],
  images: { submitted: [image(1), image(2, { status: 'rejected', reason: 'too_large' })], live: [image(3)], changed: true },
  nutritionLabel: { submitted: image(4), live: image(5), changed: true },
  lastReview: null,
  nextProductId: 'P-CCCCCCCCC3',
};

const NEXT: ProductReview = { ...REVIEW, productId: 'P-CCCCCCCCC3', update: false, fields: [{ field: 'nameEn', kind: 'text', submitted: 'Oolong', live: null, changed: false }], nextProductId: null };

interface Options {
  decision?: (call: FetchCall) => { status: number; body?: unknown };
  review?: (id: string) => ProductReview;
}

function reviewApi(opts: Options = {}) {
  return stubFetch((call) => {
    if (call.url === '/api/me' && call.method === 'GET') return { status: 200, body: adminMe };
    if (call.url === '/api/admin/reviews') return { status: 200, body: FIRST };
    if (call.url === '/api/admin/reviews?cursor=cursor-2') return { status: 200, body: SECOND };
    const decision = /^\/api\/admin\/reviews\/([\w-]+)\/decision$/.exec(call.url);
    if (decision && call.method === 'POST') {
      return opts.decision ? opts.decision(call) : { status: 200, body: { productId: decision[1], decision: (call.body as { decision: string }).decision, state: 'published', nextProductId: 'P-CCCCCCCCC3' } };
    }
    const page = /^\/api\/admin\/reviews\/([\w-]+)$/.exec(call.url);
    if (page) return { status: 200, body: opts.review ? opts.review(page[1]!) : page[1] === 'P-CCCCCCCCC3' ? NEXT : REVIEW };
    return { status: 404, body: { error: 'not_found', message: 'No such route.' } };
  });
}

const location = () => screen.getByTestId('location').textContent;
const decisions = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST');

async function openReview(path = '/admin/reviews/P-BBBBBBBBB2') {
  storeAmplifySession();
  renderApp(path);
  await screen.findByTestId('admin-review-fields', {}, { timeout: 15_000 });
}

async function toChinese() {
  await userEvent.setup().click(screen.getByTestId('admin-language-button'));
  await waitFor(() => expect(document.documentElement.lang).toBe('zh-TW'));
}

describe('Product review in the ops console (issue 13)', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser('ops@example.com');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await switchLanguage('en');
  });

  describe('the queue', () => {
    it('lists what waits, oldest first, with both names, the vendor, new vs update and the age; Show more reads the next page', async () => {
      const calls = reviewApi();
      storeAmplifySession();
      renderApp('/admin/reviews');
      // The first test of the file loads the console and the section cold: seconds on a loaded machine.
      expect(await screen.findByRole('heading', { level: 1, name: 'Product review' }, { timeout: 20_000 })).toBeTruthy();
      const rows = await screen.findAllByTestId('admin-review-queue-row', {}, { timeout: 15_000 });
      expect(rows.map((r) => r.getAttribute('data-product-id'))).toEqual(['P-AAAAAAAAA1', 'P-BBBBBBBBB2']);
      expect(within(rows[0]!).getByText('Jasmine Tea')).toBeTruthy();
      expect(within(rows[0]!).getByText('茉莉花茶')).toBeTruthy();
      expect(within(rows[0]!).getByText('Formosa Foods')).toBeTruthy();
      expect(within(rows[0]!).getByTestId('admin-review-kind').textContent).toBe('New product');
      expect(within(rows[1]!).getByTestId('admin-review-kind').textContent).toBe('Update of a published product');
      expect(within(rows[0]!).getByTestId('admin-review-age').textContent).toBe('2 days');
      expect(within(rows[1]!).getByTestId('admin-review-age').textContent).toBe('3 hours');
      await userEvent.setup().click(screen.getByTestId('admin-review-queue-more'));
      await waitFor(() => expect(screen.getAllByTestId('admin-review-queue-row')).toHaveLength(3));
      expect(screen.queryByTestId('admin-review-queue-more')).toBeNull();
      expect(calls.map((c) => c.url)).toContain('/api/admin/reviews?cursor=cursor-2');
      await userEvent.setup().click(within(rows[1]!).getByRole('link', { name: 'Longan Honey 700 g' }));
      await waitFor(() => expect(location()).toBe('/admin/reviews/P-BBBBBBBBB2'));
    }, 40_000);

    it('in Traditional Chinese', async () => {
      reviewApi();
      storeAmplifySession();
      renderApp('/admin/reviews');
      await screen.findAllByTestId('admin-review-queue-row', {}, { timeout: 15_000 });
      await toChinese();
      expect(await screen.findByRole('heading', { level: 1, name: '商品審核' })).toBeTruthy();
      const rows = screen.getAllByTestId('admin-review-queue-row');
      expect(within(rows[0]!).getByTestId('admin-review-kind').textContent).toBe('新商品');
      expect(within(rows[1]!).getByTestId('admin-review-kind').textContent).toBe('已上架商品的更新');
      expect(within(rows[0]!).getByTestId('admin-review-age').textContent).toBe('2 天');
      // The Chinese name first in zh-TW (issue 24, item 19).
      expect(within(rows[0]!).getByTestId('admin-review-queue-link').textContent).toBe('茉莉花茶');
      expect(within(rows[0]!).getByText('Jasmine Tea')).toBeTruthy();
      expect(screen.getByTestId('admin-review-queue-more').textContent).toBe('顯示更多');
    });

    it('says so when nothing waits', async () => {
      stubFetch((call) => (call.url === '/api/me' ? { status: 200, body: adminMe } : { status: 200, body: { items: [], nextCursor: null, generatedAt: FIRST.generatedAt } }));
      storeAmplifySession();
      renderApp('/admin/reviews');
      expect((await screen.findByTestId('admin-review-queue-empty', {}, { timeout: 15_000 })).textContent).toBe('Nothing is waiting for review.');
    });
  });

  describe('the review page', () => {
    it('shows the submission beside the live version, changed fields marked, every image with its check', async () => {
      reviewApi();
      await openReview();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Longan Honey 700 g');
      expect(screen.getByTestId('admin-review-kind').textContent).toBe('Update of a published product');
      const nameRow = screen.getByTestId('admin-review-field-nameEn');
      expect(nameRow.getAttribute('data-changed')).toBe('true');
      expect(within(nameRow).getByText('Changed')).toBeTruthy();
      expect(within(nameRow).getByText('Longan Honey 500 g')).toBeTruthy();
      expect(screen.getByTestId('admin-review-field-description').getAttribute('data-changed')).toBe('false');
      expect(within(screen.getByTestId('admin-review-field-price')).getAllByText('$12.50')).toHaveLength(2);
      const submitted = within(screen.getByTestId('admin-review-images-submitted')).getAllByTestId('admin-review-image');
      // The display-size rendition is shown (its size reserved); the link opens the upload itself (issue 23).
      expect(submitted.map((f) => f.querySelector('img')!.getAttribute('src'))).toEqual([image(1).url, image(2).url]);
      expect(submitted.map((f) => f.querySelector('a')!.getAttribute('href'))).toEqual(['https://images.test/1.png', 'https://images.test/2.png']);
      expect(submitted.map((f) => [f.querySelector('img')!.getAttribute('width'), f.querySelector('img')!.getAttribute('height')])).toEqual([
        ['1200', '900'],
        ['1200', '900'],
      ]);
      expect(within(submitted[1]!).getByTestId('admin-review-image-check').textContent).toBe('Image check: rejected (larger than 5 MB)');
      expect(within(screen.getByTestId('admin-review-images-live')).getAllByTestId('admin-review-live-image')).toHaveLength(1);
      expect(screen.getByTestId('admin-review-label').querySelector('img')!.getAttribute('src')).toBe(image(4).url);
      expect(screen.getByTestId('admin-review-shortcuts').textContent).toMatch(/a Approve · r Reject... · c Request changes... · n\/j Next in queue/);
      expect(screen.getByTestId('admin-review-approve').getAttribute('aria-keyshortcuts')).toBe('a');
    });

    it('`a` approves the submission shown and the page moves to the next product in the queue, saying what was done', async () => {
      const calls = reviewApi();
      await openReview();
      await userEvent.setup().keyboard('a');
      await waitFor(() => expect(location()).toBe('/admin/reviews/P-CCCCCCCCC3'));
      expect(decisions(calls).map((c) => [c.url, c.body])).toEqual([['/api/admin/reviews/P-BBBBBBBBB2/decision', { decision: 'approve', submittedAt: REVIEW.submittedAt }]]);
      expect((await screen.findByTestId('admin-review-notice')).textContent).toBe('P-BBBBBBBBB2 approved.');
      expect(await screen.findByRole('heading', { level: 1, name: 'Oolong' })).toBeTruthy();
    });

    it('`r` opens the reject dialog; typing there fires no shortcut; two reasons (a code and free text) are sent', async () => {
      const calls = reviewApi();
      await openReview();
      const user = userEvent.setup();
      await user.keyboard('r');
      const dialog = await screen.findByTestId('admin-review-reject-dialog');
      // Nothing chosen: said in the dialog, nothing sent.
      await user.click(within(dialog).getByTestId('admin-review-reject-confirm'));
      expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one reason or write one.');
      await user.click(within(dialog).getByLabelText('The primary image needs a pure white background.'));
      await user.type(within(dialog).getByTestId('admin-review-reject-text'), 'a n j Label is blurred');
      expect(decisions(calls)).toEqual([]);
      expect(location()).toBe('/admin/reviews/P-BBBBBBBBB2');
      await user.click(within(dialog).getByTestId('admin-review-reject-confirm'));
      await waitFor(() => expect(decisions(calls)).toHaveLength(1));
      expect(decisions(calls)[0]!.body).toEqual({ decision: 'reject', submittedAt: REVIEW.submittedAt, reasons: ['image_background', 'a n j Label is blurred'] });
      await waitFor(() => expect(location()).toBe('/admin/reviews/P-CCCCCCCCC3'));
    });

    it('`c` asks for changes with a message; Escape closes the dialog and sends nothing', async () => {
      const calls = reviewApi();
      await openReview();
      const user = userEvent.setup();
      await user.keyboard('c');
      expect(await screen.findByTestId('admin-review-changes-dialog')).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId('admin-review-changes-dialog')).toBeNull());
      await user.keyboard('c');
      const dialog = await screen.findByTestId('admin-review-changes-dialog');
      await user.type(within(dialog).getByTestId('admin-review-changes-note'), 'Add the weight in grams.');
      await user.click(within(dialog).getByTestId('admin-review-changes-confirm'));
      await waitFor(() => expect(decisions(calls)).toHaveLength(1));
      expect(decisions(calls)[0]!.body).toEqual({ decision: 'request_changes', submittedAt: REVIEW.submittedAt, note: 'Add the weight in grams.' });
    });

    it('`n` (or `j`) goes to the next product without deciding', async () => {
      const calls = reviewApi();
      await openReview();
      await userEvent.setup().keyboard('n');
      await waitFor(() => expect(location()).toBe('/admin/reviews/P-CCCCCCCCC3'));
      expect(decisions(calls)).toEqual([]);
    });

    it('when another reviewer decided first (409), says who and what in the page and stays', async () => {
      let decided = false;
      reviewApi({
        decision: () => {
          decided = true;
          return { status: 409, body: { error: 'product_already_reviewed', message: 'Product P-BBBBBBBBB2 was already approved by ana@example.com at 2026-03-10T11:59:00.000Z.' } };
        },
        review: () => (decided ? { ...REVIEW, state: 'published', submittedAt: null, lastReview: { decision: 'approve', by: 'ana@example.com', at: '2026-03-10T11:59:00.000Z', submittedAt: REVIEW.submittedAt! } } : REVIEW),
      });
      await openReview();
      await userEvent.setup().click(screen.getByTestId('admin-review-approve'));
      const alert = await screen.findByTestId('admin-review-problem');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toMatch(/^Someone else decided first: this product was approved by ana@example\.com at .+\. Your decision was not applied\./);
      expect(location()).toBe('/admin/reviews/P-BBBBBBBBB2');
      expect(screen.queryByTestId('admin-review-approve')).toBeNull();
    });

    it('in Traditional Chinese: the labels, the changed marks and the reject reasons', async () => {
      reviewApi();
      await openReview();
      await toChinese();
      expect(await screen.findByTestId('admin-review-approve')).toBeTruthy();
      expect(screen.getByTestId('admin-review-approve').textContent).toBe('核准');
      expect(screen.getByTestId('admin-review-kind').textContent).toBe('已上架商品的更新');
      expect(within(screen.getByTestId('admin-review-field-nameEn')).getByText('已變更')).toBeTruthy();
      expect(within(screen.getByTestId('admin-review-field-nameEn')).getByRole('rowheader').textContent).toContain('名稱（英文）');
      expect(screen.getByTestId('admin-review-shortcuts').textContent).toContain('鍵盤快速鍵');
      await userEvent.setup().keyboard('r');
      const dialog = await screen.findByTestId('admin-review-reject-dialog');
      expect(within(dialog).getByRole('heading').textContent).toBe('退回此商品');
      expect(within(dialog).getByLabelText('主圖背景須為純白色。')).toBeTruthy();
    });

    it('shows what the primary-image rules measured on each primary image (issue 15), in both languages', async () => {
      const broken = { status: 'valid' as const, reason: null, primary: { problems: ['square' as const, 'white_background' as const, 'fill' as const], aspectRatio: 1.333, whiteShare: 0.42, fill: 0.71 } };
      const fine = { status: 'valid' as const, reason: null, primary: { problems: [], aspectRatio: 1, whiteShare: 0.99, fill: 0.93 } };
      reviewApi({ review: () => ({ ...REVIEW, images: { submitted: [image(1, broken), image(2, fine)], live: [image(3, fine)], changed: true }, nutritionLabel: { submitted: image(4), live: null, changed: true } }) });
      await openReview();
      const [first, second] = within(screen.getByTestId('admin-review-images-submitted')).getAllByTestId('admin-review-image');
      const rules = within(first!).getByTestId('admin-review-primary');
      expect(within(rules).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Not square (aspect ratio 1.33 : 1)',
        'Background not pure white (42 % white)',
        'Product fills 71 % (at least 85 % required)',
      ]);
      expect(rules.textContent).toContain('text, logos and watermarks on the product itself are not checked automatically: check them by eye.');
      // Only the primary image is held to these rules; the live version's primary is measured too.
      expect(within(second!).queryByTestId('admin-review-primary')).toBeNull();
      expect(within(screen.getByTestId('admin-review-images-live')).getByTestId('admin-review-primary').textContent).toContain('Square, pure white background, product fills 93 %');
      expect(within(screen.getByTestId('admin-review-label')).queryByTestId('admin-review-primary')).toBeNull();

      await toChinese();
      await waitFor(() => expect(within(screen.getAllByTestId('admin-review-primary')[0]!).getAllByRole('listitem')[0]!.textContent).toBe('非正方形（長寬比 1.33 : 1）'));
      expect(within(screen.getAllByTestId('admin-review-primary')[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        '非正方形（長寬比 1.33 : 1）',
        '背景非純白（42% 為純白）',
        '商品占 71%（至少需 85%）',
      ]);
      expect(screen.getAllByTestId('admin-review-primary')[0]!.textContent).toContain('文字、標誌與浮水印不會自動檢查');
    });

    it('flags marks found beside the product (a caption, a badge, a watermark; issue 24) for the reviewer, in both languages', async () => {
      const marked = { status: 'valid' as const, reason: null, primary: { problems: ['fill' as const], aspectRatio: 1, whiteShare: 1, fill: 0.6, marks: true } };
      const clean = { status: 'valid' as const, reason: null, primary: { problems: [], aspectRatio: 1, whiteShare: 1, fill: 0.93, marks: false } };
      reviewApi({ review: () => ({ ...REVIEW, images: { submitted: [image(1, marked)], live: [image(2, clean)], changed: true } }) });
      await openReview();
      const submitted = within(screen.getByTestId('admin-review-images-submitted')).getByTestId('admin-review-primary');
      expect(within(submitted).getByTestId('admin-review-primary-marks').textContent).toBe(
        'Marks found beside the product (text, a badge, a logo or a watermark): check whether they were added to the photo.',
      );
      expect(within(screen.getByTestId('admin-review-images-live')).queryByTestId('admin-review-primary-marks')).toBeNull();
      await toChinese();
      await waitFor(() => expect(screen.getByTestId('admin-review-primary-marks').textContent).toBe('商品旁偵測到標記（文字、標章、標誌或浮水印）：請確認是否為後製加入。'));
    });

    it('says when the primary image could not be measured', async () => {
      reviewApi({ review: () => ({ ...REVIEW, images: { submitted: [image(1)], live: [], changed: true } }) });
      await openReview();
      expect(within(screen.getByTestId('admin-review-images-submitted')).getByTestId('admin-review-primary').textContent).toContain('Not measured: the file could not be decoded (e.g. BMP).');
    });
  });

  describe('coded values (issue 24, item 12)', () => {
    // A cycle of reviews (each one's next is the following, the last's the first) that between them
    // hold every product type, unit, allergen, yes/no, several countries, every measuring unit and
    // every image-check reason, in both the submitted and the live column.
    const COUNTRIES = ['TW', 'US', 'JP', 'KR', 'TH', 'VN', 'GB', 'FR'];
    const N = PRODUCT_TYPES.length;
    const id = (i: number) => `P-CODED0000${i % N}`;
    const values = (i: number) => ({
      productType: PRODUCT_TYPES[i % N]!,
      unitOfMeasure: UNITS_OF_MEASURE[i % UNITS_OF_MEASURE.length]!,
      hasAllergens: i % 2 === 0 ? 'yes' : 'no',
      allergens: i % 2 === 0 ? ALLERGENS.filter((_, k) => k % 2 === (i / 2) % 2 || i === 0) : [],
      countryOfOrigin: COUNTRIES[i % COUNTRIES.length]!,
      weight: { amounts: [500], unit: WEIGHT_UNITS[i % WEIGHT_UNITS.length]! },
      volume: { amounts: [1.5], unit: VOLUME_UNITS[i % VOLUME_UNITS.length]! },
      dimensions: { amounts: [10, null, 5], unit: LENGTH_UNITS[i % LENGTH_UNITS.length]! },
    });
    const KIND: Record<string, ReviewFieldRow['kind']> = { allergens: 'list', weight: 'measure', volume: 'measure', dimensions: 'measure' };
    const coded = (i: number): ProductReview => {
      const s = values(i);
      const l = values(i + 1);
      return {
        ...REVIEW,
        productId: id(i),
        fields: [
          { field: 'nameEn', kind: 'text', submitted: `Coded ${i}`, live: `Coded ${i}`, changed: false },
          ...(Object.keys(s) as (keyof typeof s)[]).map((field): ReviewFieldRow => ({ field, kind: KIND[field] ?? 'text', submitted: s[field], live: l[field], changed: true })),
        ],
        images: {
          submitted: IMAGE_REJECTION_REASONS.map((reason, k) => image(10 * i + k, { status: 'rejected', reason })),
          live: [],
          changed: true,
        },
        nextProductId: id(i + 1),
      };
    };

    function expected(value: ReturnType<typeof values>, field: keyof ReturnType<typeof values>, texts: Record<string, string>, locale: string): string {
      const measure = (m: { amounts: (number | null)[]; unit: string }, prefix: string) =>
        `${m.amounts.map((a) => (a === null ? '–' : new Intl.NumberFormat(locale).format(a))).join(' × ')} ${texts[`${prefix}${m.unit}`]}`;
      switch (field) {
        case 'productType':
          return texts[`product_type_${value.productType}`]!;
        case 'unitOfMeasure':
          return texts[`unit_${value.unitOfMeasure}`]!;
        case 'hasAllergens':
          return texts[value.hasAllergens]!;
        case 'allergens':
          return value.allergens.length ? value.allergens.map((a) => texts[`allergen_${a}`]).join(locale === 'en' ? ', ' : '、') : texts.admin_review_not_given!;
        case 'countryOfOrigin':
          return new Intl.DisplayNames([locale], { type: 'region' }).of(value.countryOfOrigin)!;
        case 'weight':
          return measure(value.weight, 'weight_unit_');
        case 'volume':
          return measure(value.volume, 'volume_unit_');
        case 'dimensions':
          return measure(value.dimensions, 'length_unit_');
      }
    }

    it('shows every product type, unit, allergen, answer, country, measuring unit and image-check reason by its label, in en and zh-TW', async () => {
      reviewApi({ review: (productId) => coded(Number(productId.slice(-1))) });
      await openReview(`/admin/reviews/${id(0)}`);
      const codes = [...PRODUCT_TYPES, ...UNITS_OF_MEASURE, ...ALLERGENS, ...IMAGE_REJECTION_REASONS, 'fl_oz', 'yes', 'no', ...COUNTRIES];
      for (const [language, texts] of [
        ['en', { ...en, ...adminEn }],
        ['zh-TW', { ...zhTW, ...adminZh }],
      ] as const) {
        if (language === 'zh-TW') await toChinese();
        for (let i = 0; i < N; i++) {
          await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Coded ${i}`));
          const s = values(i);
          const l = values(i + 1);
          for (const field of Object.keys(s) as (keyof typeof s)[]) {
            const [submitted, live] = within(screen.getByTestId(`admin-review-field-${field}`)).getAllByRole('cell');
            expect([field, submitted!.textContent], language).toEqual([field, expected(s, field, texts, language)]);
            expect([field, live!.textContent], language).toEqual([field, expected(l, field, texts, language)]);
          }
          const checks = within(screen.getByTestId('admin-review-images-submitted')).getAllByTestId('admin-review-image-check');
          expect(checks.map((c) => c.textContent)).toEqual(IMAGE_REJECTION_REASONS.map((reason) => texts.admin_review_check_rejected.replace('{{reason}}', texts[`admin_review_check_reason_${reason}`]!)));
          // No raw code as a word of its own anywhere on the page ('no' and 'TW' included).
          const words = new Set((screen.getByTestId('admin-review-page').textContent ?? '').split(/[\s,()（）、：:×·]+/));
          expect(codes.filter((code) => words.has(code) && !Object.values(texts).includes(code)), language).toEqual([]);
          await userEvent.setup().keyboard('n');
        }
      }
    });
  });
});
