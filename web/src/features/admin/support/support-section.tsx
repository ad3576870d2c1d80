import './support.css';
import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { useAdminTranslation } from '../admin-i18n';

const InboxPage = lazy(() => import('./inbox-page'));
const CasePage = lazy(() => import('./case-page'));

/** /admin/support/*: the support inbox and a case's thread (issue 13, screen 4). */
export default function SupportSection() {
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path=":vendorId/:caseId" element={<CasePage />} />
      <Route path="*" element={<NotASupportPage />} />
    </Routes>
  );
}

/** A path under /admin/support that is neither the inbox nor a case. */
function NotASupportPage() {
  const { t } = useAdminTranslation();
  return (
    <section className="admin-page">
      <h1>{t('not_found_title')}</h1>
      <p>{t('not_found_body')}</p>
      <p>
        <Link to="/admin/support">{t('admin_support_back')}</Link>
      </p>
    </section>
  );
}
