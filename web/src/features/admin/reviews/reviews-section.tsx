import './reviews.css';
import { Route, Routes, useParams } from 'react-router-dom';
import ReviewPage from './review-page';
import ReviewQueuePage from './queue-page';

/** One product's page, afresh for each product (no dialog or alert carried over to the next one). */
function KeyedReviewPage() {
  const { productId = '' } = useParams();
  return <ReviewPage key={productId} />;
}

/** /admin/reviews/* (issue 13): the review queue and one product's review page, one lazy chunk. */
export default function ReviewsSection() {
  return (
    <Routes>
      <Route index element={<ReviewQueuePage />} />
      <Route path=":productId" element={<KeyedReviewPage />} />
    </Routes>
  );
}
