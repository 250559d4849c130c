import { Alert, Anchor, Text } from '@mantine/core';

import { ApiError } from '../../../api/api-error';
import type { InboxItem } from '../../../api/inbox-queries';
import { Link } from '../../../routing/router';
import { newScenarioLink } from '../../../ui/scenario-link';

/** Preparing a reply or asking which scenario answers is refused with 404 when no active scenario fits the item. */
export const isNoScenario = (error: unknown) => error instanceof ApiError && error.status === 404;

/** No scenario fits the item: where to make one, opened on a new scenario for the item's kind and rating. */
export function NoScenarioNotice({ item }: { item: Pick<InboxItem, 'kind' | 'rating'> }) {
  const what = item.kind === 'question' ? 'вопросам' : item.rating === null ? 'отзывам' : `отзывам с оценкой ${item.rating}`;
  return (
    <Alert color="yellow" title="Ни один сценарий не подходит">
      <Text size="sm">
        Ответ готовит сценарий: он выбирает шаблон для отзывов и вопросов, подходящих под его условия. Создайте сценарий, который отвечает{' '}
        {what}, на экране{' '}
        <Anchor component={Link} to={newScenarioLink(item)}>
          «Шаблоны и сценарии»
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
