import type { ComboboxItem } from '@mantine/core';
import { type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';

import { useSearchText } from './use-search-text';

/** The query of the options that match the typed text: the list is searched by the API, past its first page. */
export type OptionsQuery<K extends QueryKey> = (search: string) => UseQueryOptions<ComboboxItem[], Error, ComboboxItem[], K>;

/**
 * What a searchable choice shows: the text typed, and the options the API found for it (debounced), the last answer
 * kept while the next search runs.
 */
export function useFoundOptions<K extends QueryKey>(optionsOf: OptionsQuery<K>) {
  const { typed, setTyped, search } = useSearchText();
  const found = useQuery({ ...optionsOf(search), placeholderData: (previous) => previous });
  return { typed, setTyped, found, options: found.data ?? [] };
}
