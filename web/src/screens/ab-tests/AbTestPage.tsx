import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { counted, dateTime, number, signedPercent } from '@shared/format';
import { useQuery } from '@tanstack/react-query';

import { campaignQueries } from '../../api/campaign-queries';
import { catalogQueries } from '../../api/catalog-queries';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ON_FINISH_TEXT, switchText } from './ab-test-text';
import { type AbTest, useAbTest, useAbTestResults, useAbTestRotations } from './ab-tests-queries';
import { AbTestActions } from './AbTestActions';
import { RotationsTable } from './RotationsTable';
import { StateBadge } from './StateBadge';
import { VariantResults } from './VariantResults';

/** The settings and moments of a test, as rows of «what — value». */
function settingRows(test: AbTest, campaign: string | undefined): [string, string][] {
  const rows: [string, string][] = [
    ['Кампания', campaign ? `${campaign} (№ ${test.advertId})` : `№ ${test.advertId}`],
    ['Варианты', `${test.variants.length}, переключение ${switchText(test.switchEvery)}`],
    ['Цель', `${number(test.targetImpressionsPerVariant)} показов на вариант`],
    ['Не учитывается после переключения', counted(test.settleMinutes, ['минута', 'минуты', 'минут'])],
    ['По завершении', ON_FINISH_TEXT[test.onFinish]],
    ['Создан', dateTime(test.createdAt)],
  ];
  if (test.scheduledAt) rows.push(['Запланирован', dateTime(test.scheduledAt)]);
  if (test.startedAt) rows.push(['Начат', dateTime(test.startedAt)]);
  if (test.endedAt) rows.push(['Завершён', dateTime(test.endedAt)]);
  if (test.ctrUpliftPct !== null) rows.push(['Прирост CTR победителя', signedPercent(test.ctrUpliftPct)]);
  return rows;
}

/** One test: its state and settings, its actions, its results by variant (read again while it runs) and its rotations. */
export function AbTestPage({ mpAccountId, id, onBack }: { mpAccountId: string; id: string; onBack: () => void }) {
  const test = useAbTest(mpAccountId, id);
  const state = test.data?.state;
  const live = state === 'scheduled' || state === 'running';
  const measured = state !== undefined && state !== 'draft';
  const results = useAbTestResults(mpAccountId, id, measured);
  const rotations = useAbTestRotations(mpAccountId, id, live);
  const nmId = test.data?.nmId;
  const card = useQuery({ ...catalogQueries.productPage({ mpAccountId, nmIds: nmId ? [nmId] : [] }), enabled: nmId !== undefined });
  const advertIds = test.data ? [test.data.advertId] : [];
  const campaign = useQuery({ ...campaignQueries.names(mpAccountId, advertIds), enabled: advertIds.length > 0 });
  const title = card.data?.items[0]?.title;

  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" onClick={onBack}>
          ← Все тесты
        </Button>
      </Group>
      <ErrorNotice error={test.error} />
      {test.data && (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3}>
                  Тест карточки {title ? `«${title}» · ` : ''}nmID {test.data.nmId}
                </Title>
                <StateBadge test={test.data} />
              </Group>
              <Table aria-label="Настройки теста" withRowBorders={false} w="fit-content">
                <Table.Tbody>
                  {settingRows(test.data, campaign.data?.get(test.data.advertId)).map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Td c="dimmed">{label}</Table.Td>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <AbTestActions mpAccountId={mpAccountId} test={test.data} />
            </Stack>
          </Paper>
          {!measured && <Text c="dimmed">Черновик: результаты появятся после запуска</Text>}
          <ErrorNotice error={results.error} />
          {measured && results.data && <VariantResults results={results.data} images={test.data.variantImages} />}
          <ErrorNotice error={rotations.error} />
          {rotations.data && <RotationsTable rotations={rotations.data} />}
        </>
      )}
    </Stack>
  );
}
