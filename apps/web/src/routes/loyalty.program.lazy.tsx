import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { LoyaltyTransactionsScreen } from '../features/loyalty/components/loyalty-screens';

export const Route = createLazyRoute('/shell/loyalty/$slug')({ component: LoyaltyProgramPage });

function LoyaltyProgramPage() {
  const { slug } = Route.useParams();
  useDocumentTitle('Loyalty transactions · Forecourt');
  return <LoyaltyTransactionsScreen slug={slug} search={Route.useSearch()} />;
}
