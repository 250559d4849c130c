import { Button } from '@mantine/core';

export interface ConfirmedDeleteProps {
  /** Accessible names: «Удалить …», «Подтвердить удаление …». */
  labels: { remove: string; confirm: string };
  /** What a confirmed deletion leads to, shown on hover of «Точно удалить». */
  confirmTitle?: string;
  /** This row's deletion was asked for: «Точно удалить» is shown in place of «Удалить». */
  confirming: boolean;
  pending: boolean;
  onAsk: () => void;
  onConfirm: () => void;
}

/** A two-step «Удалить» → «Точно удалить» of a table row. */
export function ConfirmedDelete({ labels, confirmTitle, confirming, pending, onAsk, onConfirm }: ConfirmedDeleteProps) {
  return confirming ? (
    <Button size="xs" color="red" loading={pending} onClick={onConfirm} aria-label={labels.confirm} title={confirmTitle}>
      Точно удалить
    </Button>
  ) : (
    <Button size="xs" variant="subtle" color="red" onClick={onAsk} aria-label={labels.remove}>
      Удалить
    </Button>
  );
}
