import { type ComboboxItem, MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

import { asAnswered } from './SearchSelect';
import { type OptionsQuery, useFoundOptions } from './use-found-options';

interface SearchMultiSelectProps<K extends QueryKey> extends Omit<
  MultiSelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'value' | 'onChange'
> {
  options: OptionsQuery<K>;
  value: string[];
  onChange: (values: string[]) => void;
}

/** Several choices from a list of any length, searched through the API; the chosen ones stay shown whatever is searched. */
export function SearchMultiSelect<K extends QueryKey>({ options: optionsOf, value, onChange, ...props }: SearchMultiSelectProps<K>) {
  const { typed, setTyped, found, options } = useFoundOptions(optionsOf);
  const [known, setKnown] = useState<ComboboxItem[]>([]);
  const chosen = value.map((id) => known.find((option) => option.value === id) ?? options.find((option) => option.value === id));
  const kept = chosen.filter(
    (option): option is ComboboxItem => option !== undefined && !options.some((found) => found.value === option.value),
  );
  return (
    <MultiSelect
      {...props}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={asAnswered}
      nothingFoundMessage={found.data ? 'Ничего не найдено' : undefined}
      data={[...kept, ...options]}
      value={value}
      error={props.error ?? found.error?.message}
      onChange={(values) => {
        const byValue = new Map([...known, ...options].map((option) => [option.value, option]));
        setKnown([...byValue.values()].filter((option) => values.includes(option.value)));
        onChange(values);
      }}
    />
  );
}
