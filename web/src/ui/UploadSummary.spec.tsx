import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderInApp } from '../test/render';
import { UploadSummary } from './UploadSummary';

interface Row {
  line: number;
  item?: { nmId: number };
  reason?: string;
}

const LABELS = { valid: 'Будут сохранены', invalid: 'С ошибками, не сохраняются', confirm: 'Сохранить' };
const valid = (line: number): Row => ({ line, item: { nmId: line } });
const refused = (line: number): Row => ({ line, reason: 'nmID — целое положительное число' });

/** An upload's summary over `rows` whose sending is `save`, with what it saved under it. */
function Summary({ rows, save, disabled }: { rows: Row[]; save: (items: { nmId: number }[]) => Promise<number>; disabled?: boolean }) {
  const send = useMutation({ mutationFn: save });
  return (
    <UploadSummary rows={rows} labels={LABELS} send={send} disabled={disabled}>
      {send.data !== undefined && <p>Сохранено: {send.data}</p>}
    </UploadSummary>
  );
}

const button = () => screen.getByRole('button', { name: 'Сохранить' });

describe('UploadSummary', () => {
  it('counts the rows that will go and the refused ones (in red)', () => {
    renderInApp(<Summary rows={[valid(2), refused(3), valid(4)]} save={async () => 0} />);

    expect(screen.getByText('Будут сохранены: 2')).toBeTruthy();
    expect(screen.getByText('С ошибками, не сохраняются: 1').style.color).toBe('var(--mantine-color-red-8)');
  });

  it('sends the valid rows, shows what the sending came to and cannot send them twice', async () => {
    const save = vi.fn(async (items: { nmId: number }[]) => items.length);
    renderInApp(<Summary rows={[valid(2), refused(3), valid(4)]} save={save} />);

    fireEvent.click(button());

    expect(await screen.findByText('Сохранено: 2')).toBeTruthy();
    expect(save.mock.calls[0]?.[0]).toEqual([{ nmId: 2 }, { nmId: 4 }]);
    expect(button().hasAttribute('disabled')).toBe(true);
  });

  it('says why the sending failed', async () => {
    renderInApp(<Summary rows={[valid(2)]} save={() => Promise.reject(new Error('offline'))} />);

    fireEvent.click(button());

    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так. Повторите попытку');
  });

  it('the button is off when every row is refused', () => {
    renderInApp(<Summary rows={[refused(2), refused(3)]} save={async () => 0} />);

    expect(screen.getByText('Будут сохранены: 0')).toBeTruthy();
    expect(screen.getByText('С ошибками, не сохраняются: 2')).toBeTruthy();
    expect(button().hasAttribute('disabled')).toBe(true);
  });

  it('the button is off while the screen holds it, and a file with no refused row shows its zero in the usual colour', () => {
    renderInApp(<Summary rows={[valid(2)]} save={async () => 0} disabled />);

    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('С ошибками, не сохраняются: 0').style.color).toBe('');
  });
});
