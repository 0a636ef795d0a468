import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { SettlementsScreen } from '../features/loyalty/components/loyalty-screens';

export const Route = createLazyRoute('/shell/loyalty/$slug/settlements')({ component: SettlementsPage });

function SettlementsPage() {
  const { slug } = Route.useParams();
  useDocumentTitle('Settlements · Forecourt');
  return <SettlementsScreen slug={slug} search={Route.useSearch()} />;
}
