import { Pagination } from '@mantine/core';

/** The page numbers of a list, shown only when it has more than one page. */
export function PageSwitch({
  totalPages,
  page,
  onChange,
  label,
}: {
  totalPages: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (totalPages <= 1) return null;
  return <Pagination total={totalPages} value={page} onChange={onChange} aria-label={label} />;
}
