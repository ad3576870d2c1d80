import '../applications/applications.css';
import { Route, Routes } from 'react-router-dom';
import { VendorDetailPage } from './vendor-detail-page';
import { VendorDirectory } from './vendor-directory';

/** /admin/vendors/*: the directory and a vendor's detail (issue 13). */
export default function VendorsScreen() {
  return (
    <Routes>
      <Route index element={<VendorDirectory />} />
      <Route path=":vendorId" element={<VendorDetailPage />} />
    </Routes>
  );
}
