import { Alert, Text } from '@mantine/core';

import { ApiError } from '../api/api-error';

/** An API error as its Russian message, with the trace id in an expandable line for support. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : 'Что-то пошло не так. Повторите попытку';
  const traceId = error instanceof ApiError ? error.body.traceId : '';
  return (
    <Alert color="red" role="alert" title={message}>
      {traceId && (
        <details>
          <summary>Подробности для поддержки</summary>
          <Text size="xs" ff="monospace">
            traceId: {traceId}
          </Text>
        </details>
      )}
    </Alert>
  );
}
