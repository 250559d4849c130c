import { Paper, SimpleGrid, Text, Title } from '@mantine/core';

import { indicatorValue } from './indicator-value';
import { cardValues, KpiCardSpec } from './kpi-card-spec';
import { deltaView } from './kpi-delta';

/** One module's KPI summary as cards: each indicator, and its change to the previous window (when it has one) with arrow and colour. */
export function KpiCards<S>({ title, summary, cards }: { title: string; summary: S; cards: KpiCardSpec<S>[] }) {
  return (
    <section aria-label={title}>
      <Title order={3} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }}>
        {cards.map((card) => {
          const { value, delta } = cardValues(summary, card.indicator);
          const change = delta === undefined ? null : deltaView(delta, card.rise);
          return (
            <Paper key={card.indicator} withBorder p="md" role="group" aria-label={card.label}>
              <Text size="sm" c="dimmed">
                {card.label}
              </Text>
              <Text size="xl" fw={700}>
                {indicatorValue(value, card.unit)}
              </Text>
              {change && (
                <Text size="sm" c={change.color}>
                  {change.arrow} {change.text}
                </Text>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
