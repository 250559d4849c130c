import { Button, Stack, Text, Title } from '@mantine/core';

import { Link } from '../routing/router';
import { HOME_PATH } from '../screens/screens';

const TEXT = {
  'no-access': { title: 'Нет доступа', body: 'Этот раздел открыт только администраторам.' },
  'not-found': { title: 'Страница не найдена', body: 'Такого адреса в приложении нет: возможно, ссылка устарела или в ней опечатка.' },
} as const;

/** In place of a screen the address cannot open: why, and the way back to the summary. */
export function ClosedScreen({ reason }: { reason: keyof typeof TEXT }) {
  return (
    <Stack align="flex-start">
      <Title order={2}>{TEXT[reason].title}</Title>
      <Text>{TEXT[reason].body}</Text>
      <Button component={Link} to={HOME_PATH}>
        Перейти к сводке
      </Button>
    </Stack>
  );
}
