import { Pagination } from '@mantine/core';

const CONTROL_NAMES = { first: 'Первая страница', previous: 'Предыдущая страница', next: 'Следующая страница', last: 'Последняя страница' };

/** The pages of a list, shown only when there is more than one; every control is named for screen readers. */
export function PageNav({
  total,
  value,
  onChange,
  label = 'Страницы',
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** What the pages are of, when a screen has more than one list. */
  label?: string;
}) {
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      aria-label={label}
      getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
      getItemProps={(page) => ({ 'aria-label': `Страница ${page}` })}
    />
  );
}
