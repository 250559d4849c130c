import { Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

import { useCurrentAccountId } from '../layout/current-account';

/**
 * A screen of the current cabinet: its title, then the content for the cabinet (made anew when another is chosen), or
 * `noAccount` while the seller has none.
 */
export function AccountScreen({
  title,
  noAccount,
  children,
}: {
  title: string;
  noAccount: string;
  children: (mpAccountId: string) => ReactNode;
}) {
  const mpAccountId = useCurrentAccountId();
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {mpAccountId ? <Fragment key={mpAccountId}>{children(mpAccountId)}</Fragment> : <Text c="dimmed">{noAccount}</Text>}
    </Stack>
  );
}
