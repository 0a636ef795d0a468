import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { CardDetailScreen } from '../features/cards/components/card-detail';

export const Route = createLazyRoute('/shell/cards/$id')({ component: CardPage });

function CardPage() {
  const { id } = Route.useParams();
  useDocumentTitle('Card · Forecourt');
  return <CardDetailScreen id={Number(id)} />;
}
