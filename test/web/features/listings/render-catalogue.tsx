import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import BulkPage from '../../../../web/src/features/inventory/bulk/bulk-page';
import InventoryPage from '../../../../web/src/features/inventory/inventory-page';
import ProductFormPage from '../../../../web/src/features/listings/product-form-page';
import ProductsPage from '../../../../web/src/features/listings/products-page';
import { i18n, switchLanguage } from '../../../../web/src/i18n/i18n';
import type { Language } from '../../../../web/src/i18n/language';
import { installHistoryGate } from '../../../../web/src/lib/history-gate';
import { createQueryClient } from '../../../../web/src/lib/query-client';
import { storeAmplifySession } from '../../amplify-mock';
import { stubSalesFetch, type SalesHandler } from '../../sales-fixtures';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * The catalogue's screens at route level (issue 25, item 6): the pages of /products, the item form,
 * /inventory and /inventory/bulk with their own QueryClient, the router and the history gate (Back over
 * unsaved changes), but without the session, the header layout and the route guard, whose own tests
 * (test/web/app/) cover them. Any other path renders "elsewhere": a test sees where a link went by the
 * location probe. `language` is what the session would apply from GET /api/me.
 */
export function renderCatalogue(path: string, language?: Language) {
  installHistoryGate();
  window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', path);
  const page = (element: React.ReactNode) => <Suspense fallback={null}>{element}</Suspense>;
  return Promise.resolve(language && switchLanguage(language)).then(() =>
    render(
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <QueryClientProvider client={createQueryClient()}>
            <Routes>
              <Route path="/products" element={page(<ProductsPage />)} />
              <Route path="/products/new" element={page(<ProductFormPage />)} />
              <Route path="/products/:productId/edit" element={page(<ProductFormPage />)} />
              <Route path="/inventory" element={page(<InventoryPage />)} />
              <Route path="/inventory/bulk" element={page(<BulkPage />)} />
              <Route path="*" element={<p data-testid="elsewhere" />} />
            </Routes>
          </QueryClientProvider>
          <LocationProbe />
        </BrowserRouter>
      </I18nextProvider>,
    ),
  );
}

/** A catalogue route with the API answered by `handler` (stubSalesFetch), waiting for its h1. */
export async function openCatalogue(path: string, handler: SalesHandler, heading: RegExp, options: { language?: Language } = {}) {
  storeAmplifySession();
  const calls = stubSalesFetch(handler);
  await renderCatalogue(path, options.language);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  return { calls, user: userEvent.setup() };
}
