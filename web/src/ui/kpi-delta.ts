import { signedPercent } from '@shared/format';

/** Whether a rise of the indicator is good news for the seller (errors are not), or neither (an average change). */
export type Rise = 'good' | 'bad' | 'neutral';

export interface DeltaView {
  text: string;
  arrow: '↑' | '↓' | '→' | '';
  color: 'green' | 'red' | 'blue' | 'gray';
}

/** Spec: KPI routes. A null delta means there is nothing to compare with. */
export const NO_COMPARISON = 'нет данных для сравнения';

const RISE_COLOR: Record<Rise, DeltaView['color']> = { good: 'green', bad: 'red', neutral: 'blue' };
const FALL_COLOR: Record<Rise, DeltaView['color']> = { good: 'red', bad: 'green', neutral: 'blue' };

/** The delta of an indicator against the previous window (percent) as its text, arrow and colour. */
export function deltaView(delta: number | null, rise: Rise): DeltaView {
  if (delta === null) return { text: NO_COMPARISON, arrow: '', color: 'gray' };
  const text = signedPercent(delta);
  if (delta > 0) return { text, arrow: '↑', color: RISE_COLOR[rise] };
  if (delta < 0) return { text, arrow: '↓', color: FALL_COLOR[rise] };
  return { text, arrow: '→', color: 'gray' };
}
