import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../../ui/ErrorNotice';
import { PageNav } from '../../../ui/PageNav';
import { ComplaintCard } from './ComplaintCard';
import { useCloseComplaint, useInjectionFlags, usePreparedComplaints } from './complaints-queries';

/** The complaints still to act on: drafts and those ready to submit, newest first. */
export function PreparedComplaints({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const complaints = usePreparedComplaints(mpAccountId, page);
  const flags = useInjectionFlags(mpAccountId);
  const close = useCloseComplaint(mpAccountId);
  return (
    <Stack gap="sm">
      <Title order={3}>Подготовленные жалобы</Title>
      <ErrorNotice error={complaints.error ?? flags.error ?? close.error} />
      {complaints.data && !complaints.data.items.length && <Text c="dimmed">Подготовленных жалоб нет</Text>}
      {complaints.data?.items.map((complaint) => (
        <ComplaintCard
          key={complaint.id}
          complaint={complaint}
          injection={flags.data?.get(complaint.id)}
          pending={close.isPending && close.variables?.id === complaint.id}
          onClose={(action) => close.mutate({ id: complaint.id, action })}
        />
      ))}
      {complaints.data && <PageNav total={complaints.data.meta.totalPages} value={page} onChange={setPage} label="Страницы жалоб" />}
    </Stack>
  );
}
