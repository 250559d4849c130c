/**
 * A filter's setter that also turns the list back to its first page, where the rows of the new filter begin:
 * `const filtered = firstPageOn(setPage)`, then `onChange={filtered(setStatus)}`.
 */
export const firstPageOn =
  (setPage: (page: number) => void) =>
  <T>(set: (value: T) => void) =>
  (value: T): void => {
    set(value);
    setPage(1);
  };
