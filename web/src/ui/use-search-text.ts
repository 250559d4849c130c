import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Typing sends at most one search per this interval. */
const SEARCH_DEBOUNCE_MS = 300;

/** A search box's text as typed, and the search it asks for: trimmed, once typing pauses. */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  return { typed, setTyped, search };
}

/** A search box's state: the text as typed, its setter and the search it asks for. */
export type SearchText = ReturnType<typeof useSearchText>;
