import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../../ui/ErrorNotice';
import { PageNav } from '../../../ui/PageNav';
import { useFeedbacks, usePrepareComplaint } from './complaints-queries';

/** The account's feedbacks, each with «prepare a complaint» (by the rule that fits it; spec: Reply rule 8). */
export function FeedbackList({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const feedbacks = useFeedbacks(mpAccountId, page);
  const prepare = usePrepareComplaint(mpAccountId);
  return (
    <Stack gap="sm">
      <Title order={3}>Отзывы</Title>
      <ErrorNotice error={feedbacks.error} />
      {feedbacks.data && !feedbacks.data.items.length && (
        <Text c="dimmed">Отзывов пока нет: они появляются после синхронизации входящих кабинета</Text>
      )}
      {feedbacks.data && feedbacks.data.items.length > 0 && (
        <Table striped aria-label="Отзывы">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Когда</Table.Th>
              <Table.Th>Оценка</Table.Th>
              <Table.Th>Товар</Table.Th>
              <Table.Th>Отзыв</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {feedbacks.data.items.map((feedback) => (
              <Table.Tr key={feedback.feedbackId}>
                <Table.Td>{dateTime(feedback.createdAt)}</Table.Td>
                <Table.Td>{feedback.rating}</Table.Td>
                <Table.Td>
                  {feedback.productName} ({feedback.nmId})
                </Table.Td>
                <Table.Td>{feedback.text}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={prepare.isPending && prepare.variables === feedback.feedbackId}
                    onClick={() => prepare.mutate(feedback.feedbackId)}
                    aria-label={`Подготовить жалобу на отзыв: ${feedback.text}`}
                  >
                    Подготовить жалобу
                  </Button>
                  {prepare.variables === feedback.feedbackId && <ErrorNotice error={prepare.error} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {feedbacks.data && <PageNav total={feedbacks.data.meta.totalPages} value={page} onChange={setPage} label="Страницы отзывов" />}
    </Stack>
  );
}
