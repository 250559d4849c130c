// Screens that still import these from here get the shared formatter's.
export { dateTime, percent } from '@shared/format';
