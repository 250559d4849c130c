import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

import { type OptionsQuery, useFoundOptions } from './use-found-options';

interface SearchSelectProps<K extends QueryKey> extends Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> {
  options: OptionsQuery<K>;
  /** The option of the stored value, shown as chosen even when no search has found it. */
  storedOption?: ComboboxItem | null;
}

/** Every option the API has, as it answers them: the browser neither filters nor reorders them. */
export const asAnswered: SelectProps['filter'] = ({ options }) => options;

/**
 * A choice from a list of any length: what the user types is searched through the API (debounced), and the chosen
 * option stays shown while other searches run.
 */
export function SearchSelect<K extends QueryKey>({ options: optionsOf, storedOption, onChange, ...props }: SearchSelectProps<K>) {
  const { typed, setTyped, found, options } = useFoundOptions(optionsOf);
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
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
