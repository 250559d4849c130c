import type { PulseCellsDto, PulseMatrixDto, PulseRowDto } from './pulse-matrix.dto';

/** The cells' members that the plan decides, beside those the database wrote. */
export type PulsePlannedCells = Pick<PulseCellsDto, 'planOrders' | 'planCompletionPct' | 'flags'>;

/** A JSON object's text without its closing brace, to write more members after its own. */
const opened = (json: string) => json.slice(0, -1);

/**
 * A row of the matrix as JSON text: its own members, then its cells, the database's JSON object of them with the
 * planned members added. The database's text is taken as it is: neither parsed nor written again.
 */
export function pulseRowJson(row: Omit<PulseRowDto, 'cells'>, storedCells: string, planned: PulsePlannedCells): string {
  return `${opened(JSON.stringify(row))},"cells":${opened(storedCells)},${JSON.stringify(planned).slice(1)}}`;
}

/** The matrix as JSON text around its rows' texts. */
export function pulseMatrixJson(matrix: Omit<PulseMatrixDto, 'items'>, rows: string[]): string {
  return `${opened(JSON.stringify(matrix))},"items":[${rows.join(',')}]}`;
}
