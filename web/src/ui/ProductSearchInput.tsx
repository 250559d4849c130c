import { TextInput } from '@mantine/core';

import type { SearchText } from './use-search-text';

/**
 * The search box of the product lists (catalog, prices, stock, costs): a card's title, the seller's article or its nmID.
 * `onType` runs on every change, before the search is sent: the list goes back to its first page.
 */
export function ProductSearchInput({ typing, onType }: { typing: Pick<SearchText, 'typed' | 'setTyped'>; onType: () => void }) {
  return (
    <TextInput
      label="Поиск"
      placeholder="Название, артикул продавца или nmID"
      value={typing.typed}
      onChange={(event) => {
        typing.setTyped(event.currentTarget.value);
        onType();
      }}
      w={320}
    />
  );
}
