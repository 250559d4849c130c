/** Column scale of condition_value and action_value: more decimal places would be rounded when stored. */
export const DECIMAL_PLACES = 4;
/** condition_value numeric(14,4). */
export const CONDITION_VALUE_LIMIT = 9_999_999_999;
/** action_value numeric(10,4): whole roubles up to this, percent far inside. */
export const ACTION_VALUE_LIMIT = 999_999;
/** Spec: Repricer rule, actionValue for percent. */
export const PERCENT_MIN = -99;
export const PERCENT_MAX = 500;
/** min_price, max_price are integer columns. */
export const PRICE_LIMIT_MAX = 2_147_483_647;
/** A list scope names 1..1000 products. */
export const SCOPE_LIST_MAX = 1000;
