import { useEffect } from 'react';

/**
 * Keeps the page shown within the list's `totalPages` (undefined until the list has loaded): a deletion that empties
 * the last page shows the new last page instead.
 */
export function usePageWithin(page: number, setPage: (page: number) => void, totalPages: number | undefined): void {
  useEffect(() => {
    if (totalPages !== undefined && page > Math.max(totalPages, 1)) setPage(Math.max(totalPages, 1));
  }, [page, setPage, totalPages]);
}
