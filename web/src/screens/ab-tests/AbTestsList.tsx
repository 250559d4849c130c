import { Button, Stack, Table, Text } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { campaignQueries } from '../../api/campaign-queries';
import { catalogQueries } from '../../api/catalog-queries';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { usePageWithin } from '../../ui/use-page-within';
import { switchText } from './ab-test-text';
import { type AbTest, useAbTests } from './ab-tests-queries';
import { StateBadge } from './StateBadge';
import { TestProgress } from './TestProgress';

/** The titles of the page's cards and the names of its campaigns, from the catalog and the ads module. */
function useNames(mpAccountId: string, tests: AbTest[]) {
  const nmIds = [...new Set(tests.map((test) => test.nmId))];
  const advertIds = [...new Set(tests.map((test) => test.advertId))];
  const cards = useQuery({ ...catalogQueries.productPage({ mpAccountId, nmIds }), enabled: nmIds.length > 0 });
  const campaigns = useQuery({ ...campaignQueries.names(mpAccountId, advertIds), enabled: advertIds.length > 0 });
  const titles = new Map((cards.data?.items ?? []).map((product) => [product.nmId, product.title]));
  return { title: (nmId: number) => titles.get(nmId), campaign: (advertId: number) => campaigns.data?.get(advertId) };
}

/** The cabinet's tests, newest first: card, campaign, state, switch rule and progress; a row opens its test. */
export function AbTestsList({ mpAccountId, onOpen }: { mpAccountId: string; onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const tests = useAbTests(mpAccountId, page);
  usePageWithin(page, setPage, tests.data?.meta.totalPages);
  const items = tests.data?.items ?? [];
  const names = useNames(mpAccountId, items);
  return (
    <Stack>
      <ErrorNotice error={tests.error} />
      {tests.data && !items.length && <Text c="dimmed">Тестов пока нет</Text>}
      {items.length > 0 && (
        <Table striped aria-label="A/B-тесты">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Карточка</Table.Th>
              <Table.Th>Кампания</Table.Th>
              <Table.Th>Состояние</Table.Th>
              <Table.Th>Варианты</Table.Th>
              <Table.Th>Прогресс</Table.Th>
              <Table.Th>Создан</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((test) => (
              <Table.Tr key={test.id}>
                <Table.Td>
                  {names.title(test.nmId) && <Text size="sm">{names.title(test.nmId)}</Text>}
                  <Text size="xs" c="dimmed">
                    nmID {test.nmId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {names.campaign(test.advertId) && <Text size="sm">{names.campaign(test.advertId)}</Text>}
                  <Text size="xs" c="dimmed">
                    № {test.advertId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StateBadge test={test} />
                </Table.Td>
                <Table.Td>
                  {test.variants.length}, {switchText(test.switchEvery)}
                </Table.Td>
                <Table.Td>
                  <TestProgress mpAccountId={mpAccountId} test={test} />
                </Table.Td>
                <Table.Td>{dateTime(test.createdAt)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onOpen(test.id)} aria-label={`Открыть тест карточки ${test.nmId}`}>
                    Открыть
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {tests.data && <PageNav total={tests.data.meta.totalPages} value={page} onChange={setPage} label="Страницы тестов" />}
    </Stack>
  );
}
