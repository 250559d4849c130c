/** What an import did to a table: rows new, rows whose content changed, rows that were already the same. */
export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export const NO_COUNTS: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };

export function addCounts(a: ImportCounts, b: ImportCounts): ImportCounts {
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}
