import './support.css';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

const InboxPage = lazy(() => import('./inbox-page'));
const CasePage = lazy(() => import('./case-page'));

/** /admin/support/*: the support inbox and a case's thread (issue 13, screen 4). */
export default function SupportSection() {
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path=":vendorId/:caseId" element={<CasePage />} />
    </Routes>
  );
}
