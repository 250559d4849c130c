import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderInApp } from '../test/render';
import { ProductSearchInput } from './ProductSearchInput';
import { useSearchText } from './use-search-text';

/** A list's search box, the search it asks for and the list's page, as a product list holds them. */
function SearchedList() {
  const { search, ...typing } = useSearchText();
  const [page, setPage] = useState(3);
  return (
    <>
      <ProductSearchInput typing={typing} onType={() => setPage(1)} />
      <output>{`Поиск «${search}», страница ${page}`}</output>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('ProductSearchInput', () => {
  it('is the box «Поиск» that says what it searches', () => {
    renderInApp(<SearchedList />);

    const box = screen.getByRole('textbox', { name: 'Поиск' });
    expect(box.getAttribute('placeholder')).toBe('Название, артикул продавца или nmID');
  });

  it('shows the text as typed, goes back to the first page at once and asks for the trimmed search when typing pauses', async () => {
    renderInApp(<SearchedList />);
    vi.useFakeTimers();
    const box = screen.getByRole('textbox', { name: 'Поиск' });

    fireEvent.change(box, { target: { value: ' крем ' } });
    expect((box as HTMLInputElement).value).toBe(' крем ');
    expect(screen.getByText('Поиск «», страница 1')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Поиск «крем», страница 1')).toBeTruthy();
  });
});
