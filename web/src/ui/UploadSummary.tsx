import { Button, Group, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ErrorNotice } from './ErrorNotice';
import { previewItems } from './preview-page';

/** What an upload's summary says, in the verb of what the upload does with its rows. */
export interface UploadSummaryLabels {
  /** Before the count of the valid rows: «Будут сохранены». */
  valid: string;
  /** Before the count of the refused rows: «С ошибками, не сохраняются». */
  invalid: string;
  /** The button that sends the valid rows: «Сохранить». */
  confirm: string;
}

/**
 * The head of an upload's preview: how many rows will go and how many are refused (in red when any), the button that
 * hands the valid rows' items to `send` (off while there are none, once sent, or while `disabled`), why the sending
 * failed, then `children`: what it came to.
 */
export function UploadSummary<I, R>({
  rows,
  labels,
  send,
  disabled = false,
  children,
}: {
  rows: readonly { item?: I }[];
  labels: UploadSummaryLabels;
  send: UseMutationResult<R, Error, I[]>;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const items = previewItems(rows);
  const invalid = rows.length - items.length;
  return (
    <>
      <Group>
        <Text fw={600}>
          {labels.valid}: {items.length}
        </Text>
        <Text fw={600} c={invalid ? 'red.8' : undefined}>
          {labels.invalid}: {invalid}
        </Text>
        <Button onClick={() => send.mutate(items)} loading={send.isPending} disabled={!items.length || !!send.data || disabled}>
          {labels.confirm}
        </Button>
      </Group>
      <ErrorNotice error={send.error} />
      {children}
    </>
  );
}
