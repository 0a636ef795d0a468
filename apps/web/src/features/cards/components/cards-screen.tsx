import { Stack } from '@mantine/core';
import { AnchorLink } from '../../../components/links';
import { KeysetListScreen } from '../../../components/lists/keyset-list-screen';
import { toListParams } from '../../../lib/list-params';
import { cardsCsvUrl, type TCardListParams } from '../api';
import { cardColumns } from '../columns';
import { CARD_FILTERS } from '../filters';
import { useCardList } from '../queries';
import { CARD_FILTER_KEYS, type TCardsSearch } from '../search';

/** /cards: the organisation's cards, newest first, with filters and a CSV export. */
export function CardsScreen({ search }: { search: TCardsSearch }) {
  const params = toListParams(search, CARD_FILTER_KEYS) as TCardListParams;
  const query = useCardList(params);
  return (
    <Stack gap="lg">
      <KeysetListScreen
        heading="page"
        title="Cards"
        description={
          <>
            Loyalty, fleet and prepaid cards. Only the last four digits are kept.{' '}
            <AnchorLink to="/cards/activation-requests" search={{}}>
              Activation requests
            </AnchorLink>
          </>
        }
        noun={{ one: 'card', other: 'cards' }}
        filters={CARD_FILTERS}
        search={search}
        defaultSort="-createdAt"
        query={query}
        columns={cardColumns}
        rowKey={(card) => card.id}
        testId="cards"
        minWidth={960}
        empty={{ title: 'No cards', description: 'Cards appear here once they are issued.' }}
        csv={{ url: cardsCsvUrl(params), fallbackName: 'cards.csv' }}
      />
    </Stack>
  );
}
