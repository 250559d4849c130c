import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ErrorNotice } from '../../../ui/ErrorNotice';
import { PageNav } from '../../../ui/PageNav';
import { ComplaintCard } from './ComplaintCard';
import { useCloseComplaint, usePreparedComplaints, useReadyComplaintCount } from './complaints-queries';
import { injectionExplanation } from './injection-explanation';

/** The complaints still to act on: drafts and those ready to submit, newest first; the count is of the ready ones only. */
export function PreparedComplaints({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const complaints = usePreparedComplaints(mpAccountId, page);
  const ready = useReadyComplaintCount(mpAccountId);
  const close = useCloseComplaint(mpAccountId);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Подготовленные жалобы</Title>
        <Text aria-label="Готовы к подаче">Готовы к подаче: {ready.data ?? '…'}</Text>
      </Group>
      <ErrorNotice error={complaints.error ?? ready.error} />
      {complaints.data && !complaints.data.items.length && <Text c="dimmed">Подготовленных жалоб нет</Text>}
      {complaints.data?.items.map((complaint) => {
        const acted = close.variables?.id === complaint.id;
        return (
          <ComplaintCard
            key={complaint.id}
            complaint={complaint}
            injection={complaint.injection ? injectionExplanation(complaint.injectionSigns) : undefined}
            pending={close.isPending && acted}
            error={acted ? close.error : null}
            onClose={(action) => close.mutate({ id: complaint.id, action })}
          />
        );
      })}
      {complaints.data && <PageNav total={complaints.data.meta.totalPages} value={page} onChange={setPage} label="Страницы жалоб" />}
    </Stack>
  );
}
