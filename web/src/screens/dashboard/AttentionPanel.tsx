import { Anchor, Badge, Group, Paper, Stack, Title } from '@mantine/core';

import { Link } from '../../routing/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useFailedImports, useOpenComplaints, useRejectedBulks, useSkippedReplies } from './attention-queries';

interface AttentionItem {
  label: string;
  to: string;
  count: number | undefined;
}

/** What waits for the seller, each count a link to the screen where it is dealt with. */
export function AttentionPanel({ mpAccountId, budgetTriggers }: { mpAccountId: string; budgetTriggers: number | undefined }) {
  const skipped = useSkippedReplies(mpAccountId);
  const complaints = useOpenComplaints(mpAccountId);
  const imports = useFailedImports(mpAccountId);
  const bulks = useRejectedBulks(mpAccountId);
  const items: AttentionItem[] = [
    { label: 'Ответы, не опубликованные из-за ошибки', to: '/inbox', count: skipped.data },
    { label: 'Жалобы, готовые к подаче', to: '/complaints', count: complaints.data },
    { label: 'Срабатывания лимитов бюджета за период', to: '/ads', count: budgetTriggers },
    { label: 'Импорты, которые не завершились', to: '/imports', count: imports.data },
    { label: 'Пакетные изменения цен с отклонёнными загрузками', to: '/prices', count: bulks.data },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label="Требует внимания">
      <Title order={3} mb="sm">
        Требует внимания
      </Title>
      <ErrorNotice error={skipped.error ?? complaints.error ?? imports.error ?? bulks.error} />
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.to} gap="sm">
            <Badge color={item.count ? 'red' : 'gray'} aria-hidden="true">
              {item.count ?? '…'}
            </Badge>
            <Anchor component={Link} to={item.to} aria-label={`${item.label}: ${item.count ?? 'загрузка'}`}>
              {item.label}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
