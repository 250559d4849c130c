import { Alert, FileInput, Loader } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';

import { ErrorNotice } from './ErrorNotice';
import { TableFileError } from './table-file';

/**
 * The file box of an upload: a CSV or XLSX file handed to `read` as soon as it is chosen (`onChange` first, to clear
 * what the last file left), the check running, and why a file cannot be read or the check failed.
 */
export function TableFileInput<T>({ read, onChange }: { read: UseMutationResult<T, Error, File>; onChange?: () => void }) {
  return (
    <>
      <FileInput
        label="Файл CSV или XLSX"
        placeholder="Выберите файл"
        accept=".csv,.xlsx"
        clearable
        w={360}
        onChange={(file) => {
          onChange?.();
          read.reset();
          if (file) read.mutate(file);
        }}
      />
      {read.isPending && <Loader size="xs" aria-label="Файл проверяется" />}
      {read.error instanceof TableFileError ? (
        <Alert color="red" role="alert" title={read.error.message} />
      ) : (
        <ErrorNotice error={read.error} />
      )}
    </>
  );
}
