import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { CardsScreen } from '../features/cards/components/cards-screen';

export const Route = createLazyRoute('/shell/cards')({ component: CardsPage });

function CardsPage() {
  useDocumentTitle('Cards · Forecourt');
  return <CardsScreen search={Route.useSearch()} />;
}
