import { Select } from '@mantine/core';

import { selectAccount, useAccounts, useCurrentMpAccountId } from './current-account';

/** The seller's cabinets; the chosen one is the account every screen works on. */
export function AccountSwitcher() {
  const accounts = useAccounts().data?.items ?? [];
  const current = useCurrentMpAccountId();
  return (
    <Select
      aria-label="Кабинет"
      placeholder={accounts.length ? 'Выберите кабинет' : 'Нет кабинетов'}
      data={accounts.map((account) => ({ value: account.id, label: account.name }))}
      value={current}
      onChange={selectAccount}
      allowDeselect={false}
      disabled={!accounts.length}
      w={240}
    />
  );
}
