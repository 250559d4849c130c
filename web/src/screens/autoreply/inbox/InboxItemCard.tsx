import { Badge, Blockquote, Card, Group, Stack, Text } from '@mantine/core';
import { dateTime } from '@shared/format';

import type { InboxItem } from '../../../api/inbox-queries';
import { ratingText } from '../../../ui/rating-text';
import { ReplyPanel } from './ReplyPanel';

/** A feedback or question: the product, the buyer's words and stars, the marketplace's answer if any, and our reply. */
export function InboxItemCard({ mpAccountId, item }: { mpAccountId: string; item: InboxItem }) {
  const kind = item.kind === 'feedback' ? 'Отзыв' : 'Вопрос';
  return (
    <Card withBorder component="article" aria-label={`${kind} о товаре ${item.productName}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light">{kind}</Badge>
            <Text fw={500}>{item.productName}</Text>
            <Text size="sm" c="dimmed">
              {item.brand} · nmID {item.nmId} · {item.supplierArticle}
            </Text>
          </Group>
          <Group gap="xs">
            {item.kind === 'feedback' && (
              <Text c="orange" aria-label={`Оценка ${item.rating}`}>
                {ratingText(item.rating)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {dateTime(item.createdAt)}
            </Text>
          </Group>
        </Group>
        <Text>{item.text}</Text>
        {item.pros && <Text size="sm">Достоинства: {item.pros}</Text>}
        {item.cons && <Text size="sm">Недостатки: {item.cons}</Text>}
        {item.answerText !== null && (
          <Blockquote p="xs" cite="Ответ на маркетплейсе">
            {item.answerText}
          </Blockquote>
        )}
        <ReplyPanel mpAccountId={mpAccountId} item={item} />
      </Stack>
    </Card>
  );
}
