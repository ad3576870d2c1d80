/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { api } from './auth';

/** GET `path` with `token`, answering its JSON body; anything but 200 throws with the status and body. */
export async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await api(path, { token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** The order numbers the orders table shows, once the given page of the given filter has loaded. */
export async function shownOrders(page: Page, pageNumber = 1, filter = ''): Promise<string[]> {
  await page.locator(`[data-testid="orders-table"][data-page="${pageNumber}"][data-filter="${filter}"][aria-busy="false"]`).waitFor();
  return page.getByTestId('order-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-number') ?? ''));
}
