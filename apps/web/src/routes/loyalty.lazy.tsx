import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { LoyaltyIndexScreen } from '../features/loyalty/components/loyalty-screens';

export const Route = createLazyRoute('/shell/loyalty')({ component: LoyaltyPage });

function LoyaltyPage() {
  useDocumentTitle('Loyalty · Forecourt');
  return <LoyaltyIndexScreen />;
}
