import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';

/** Typing sends at most one search per this interval. */
const SEARCH_DEBOUNCE_MS = 300;

interface SearchSelectProps<K extends QueryKey> extends Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  /** The query of the options that match the typed text: the list is searched by the API, past its first page. */
  options: (search: string) => UseQueryOptions<ComboboxItem[], Error, ComboboxItem[], K>;
  /** The option of the stored value, shown as chosen even when no search has found it. */
  storedOption?: ComboboxItem | null;
}

/** Every option the API has, as it answers them: the browser neither filters nor reorders them. */
const asAnswered: SelectProps['filter'] = ({ options }) => options;

/**
 * A choice from a list of any length: what the user types is searched through the API (debounced), and the chosen
 * option stays shown while other searches run.
 */
export function SearchSelect<K extends QueryKey>({ options: optionsOf, storedOption, onChange, ...props }: SearchSelectProps<K>) {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const found = useQuery({ ...optionsOf(search), placeholderData: (previous) => previous });
  const options = found.data ?? [];
  const shown = [chosen, storedOption].find((option) => option && option.value === props.value);
  const data = shown && !options.some((option) => option.value === shown.value) ? [shown, ...options] : options;
  return (
    <Select
      {...props}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={asAnswered}
      nothingFoundMessage={found.data ? 'Ничего не найдено' : undefined}
      data={data}
      error={props.error ?? found.error?.message}
      onChange={(value, option) => {
        setChosen(option);
        onChange?.(value, option);
      }}
    />
  );
}
