import { Alert, Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

import { ErrorNotice } from './ErrorNotice';

interface ApiFormProps {
  onSubmit: () => void;
  /** The failed request's error, shown under the fields (its validation details go next to them, by the caller). */
  error: unknown;
  pending: boolean;
  submitLabel: string;
  /** False while the stored value loads or nothing changed: the button is disabled and Enter sends nothing. */
  canSubmit?: boolean;
  /** Shown after a successful submit. */
  success?: string | false;
  children: ReactNode;
}

/** A form sent to the API: its fields, the error of the last try, the success note and the submit button. */
export function ApiForm({ onSubmit, error, pending, submitLabel, canSubmit = true, success, children }: ApiFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        {children}
        <ErrorNotice error={error} />
        {success && <Alert color="green">{success}</Alert>}
        <Button type="submit" loading={pending} disabled={!canSubmit} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
