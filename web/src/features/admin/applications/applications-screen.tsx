import './applications.css';
import { Route, Routes } from 'react-router-dom';
import { ApplicationDetailPage } from './application-detail-page';
import { ApplicationsList } from './applications-list';

/** /admin/applications/*: the queue and an application's detail (issue 13). */
export default function ApplicationsScreen() {
  return (
    <Routes>
      <Route index element={<ApplicationsList />} />
      <Route path=":userId" element={<ApplicationDetailPage />} />
    </Routes>
  );
}
