import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { SettlementDetailScreen } from '../features/loyalty/components/settlement-detail';

export const Route = createLazyRoute('/shell/loyalty/$slug/settlements/$id')({ component: SettlementPage });

function SettlementPage() {
  const { slug, id } = Route.useParams();
  useDocumentTitle('Settlement statement · Forecourt');
  return <SettlementDetailScreen slug={slug} id={Number(id)} />;
}
