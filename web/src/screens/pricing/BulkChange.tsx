import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';

import { BulkPreview } from './BulkPreview';
import { BulkReportView } from './BulkReportView';
import { FileSource } from './FileSource';
import { FormulaSource } from './FormulaSource';
import type { BulkRow } from './price-preview';
import { useSendBulk } from './price-queries';

type Source = 'file' | 'formula';

/** A bulk change: rows from a file or a formula, their preview, the send and then the job's live report. */
export function BulkChange({ mpAccountId, search }: { mpAccountId: string; search: string }) {
  const [source, setSource] = useState<Source>('file');
  const [rows, setRows] = useState<BulkRow[] | null>(null);
  const send = useSendBulk(mpAccountId);
  const bulkJobId = send.data?.bulkJobId;

  if (bulkJobId) {
    const startOver = () => {
      setRows(null);
      send.reset();
    };
    return <BulkReportView mpAccountId={mpAccountId} bulkJobId={bulkJobId} onNew={startOver} />;
  }
  const chooseRows = (next: BulkRow[] | null) => {
    setRows(next);
    send.reset();
  };
  return (
    <Stack>
      <SegmentedControl
        aria-label="Способ изменения"
        w="fit-content"
        data={[
          { value: 'file', label: 'Из файла' },
          { value: 'formula', label: 'По формуле' },
        ]}
        value={source}
        onChange={(value) => {
          setSource(value as Source);
          chooseRows(null);
        }}
      />
      {source === 'file' ? (
        <FileSource mpAccountId={mpAccountId} onRows={chooseRows} />
      ) : (
        <FormulaSource mpAccountId={mpAccountId} search={search} onRows={chooseRows} />
      )}
      {rows && <BulkPreview rows={rows} send={send} />}
    </Stack>
  );
}
