import { Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';

import { useCurrentMpAccountId } from '../layout/current-account';

/**
 * A screen of the current cabinet: its title, then its content for the cabinet (mounted afresh when the cabinet
 * changes, so no state of another cabinet stays), or what to do when the seller has none.
 */
export function AccountScreen({
  title,
  noAccount,
  content: Content,
}: {
  title: string;
  noAccount: string;
  content: ComponentType<{ mpAccountId: string }>;
}) {
  const mpAccountId = useCurrentMpAccountId();
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {mpAccountId ? <Content key={mpAccountId} mpAccountId={mpAccountId} /> : <Text c="dimmed">{noAccount}</Text>}
    </Stack>
  );
}
