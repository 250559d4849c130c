import { Alert, List } from '@mantine/core';
import { counted } from '@shared/format';

import { coverText, STATUS_TEXT } from './cover-text';
import { useAlerts } from './inventory-queries';

const SHOWN = 5;
const SKU_WORDS = ['товар', 'товара', 'товаров'] as const;

/** The products that run out or ran out, most urgent first, as the service's alerts list them. */
export function StockAlerts({ mpAccountId }: { mpAccountId: string }) {
  const alerts = useAlerts(mpAccountId);
  const items = alerts.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Alert color="red" title={`Требуют пополнения: ${counted(items.length, SKU_WORDS)}`}>
      <List size="sm">
        {items.slice(0, SHOWN).map((item) => (
          <List.Item key={item.nmId}>
            {item.title} ({item.nmId}): {STATUS_TEXT[item.status].toLowerCase()}
            {item.daysOfCover !== null && item.status !== 'oos' ? `, запаса на ${coverText(item.daysOfCover)} дн.` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
