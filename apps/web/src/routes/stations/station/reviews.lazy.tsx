import { createLazyRoute } from '@tanstack/react-router';
import { ReviewsScreen } from '../../../features/reviews/components/reviews-screen';

export const Route = createLazyRoute('/shell/stations/$slug/reviews')({ component: StationReviews });

/** /stations/$slug/reviews: the rating summary and the reviews, with the station's replies. */
function StationReviews() {
  return <ReviewsScreen slug={Route.useParams().slug} search={Route.useSearch()} />;
}
