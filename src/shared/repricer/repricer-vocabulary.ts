/** Spec: Repricer rule. The metrics, comparisons, actions and scopes a rule is made of, as the API and the table name them. */
export const REPRICER_METRICS = ['stock_days', 'sales_rank', 'margin_pct', 'price_gap_pct'] as const;
export type RepricerMetric = (typeof REPRICER_METRICS)[number];
export const REPRICER_OPERATORS = ['lt', 'lte', 'gt', 'gte', 'eq', 'always'] as const;
export type RepricerOperator = (typeof REPRICER_OPERATORS)[number];
export const REPRICER_ACTIONS = ['absolute', 'percent'] as const;
export type RepricerAction = (typeof REPRICER_ACTIONS)[number];
export const REPRICER_SCOPES = ['sku', 'brand', 'list'] as const;
export type RepricerScope = (typeof REPRICER_SCOPES)[number];
