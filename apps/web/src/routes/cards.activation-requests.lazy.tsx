import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { CardRequestsScreen } from '../features/cards/components/card-requests-screen';

export const Route = createLazyRoute('/shell/cards/activation-requests')({ component: CardRequestsPage });

function CardRequestsPage() {
  useDocumentTitle('Card activation requests · Forecourt');
  return <CardRequestsScreen search={Route.useSearch()} />;
}
