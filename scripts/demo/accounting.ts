import { call, expectStatus, jobEnded } from './http';

export interface DemoAccounting {
  reports: number;
  reconciled: number;
  reused: number;
  dateFrom: string;
  dateTo: string;
}

/**
 * The demo seller's realisation reports synced once the realisation report import has stored their rows (so that the
 * sync reuses them instead of reading them again at the marketplace's one call a minute), reconciled, in the ledger.
 */
export async function demoAccounting(base: string, token: string, mpAccountId: string, reportJobId: string): Promise<DemoAccounting> {
  await jobEnded(base, token, `/digitization/import/status/${reportJobId}`, 'import the realisation report', 300_000);
  const { jobId } = expectStatus(
    await call(base, 'POST', '/accounting/reports/sync', token, { mpAccountId }),
    202,
    'sync the reports',
  ).body;
  const status = await jobEnded(base, token, `/accounting/reports/sync/status/${jobId}`, 'accounting sync', 300_000);
  const reports = expectStatus(
    await call(base, 'GET', `/accounting/reports?mpAccountId=${mpAccountId}&limit=100`, token),
    200,
    'list the reports',
  ).body.items as { dateFrom: string; dateTo: string }[];
  return {
    reports: reports.length,
    reconciled: status.result.reconciled as number,
    reused: status.result.reused as number,
    dateFrom: reports.at(-1)?.dateFrom ?? '',
    dateTo: reports[0]?.dateTo ?? '',
  };
}

/** What the demo prints of accounting once its reports are reconciled. */
export function demoAccountingLines(base: string, mpAccountId: string, accounting: DemoAccounting): string[] {
  const period = `dateFrom=${accounting.dateFrom}&dateTo=${accounting.dateTo}`;
  return [
    `Accounting: synced ${accounting.reports} weekly realisation reports (${accounting.reconciled} reconciled to the kopeck, ` +
      `${accounting.reused} from the rows the import had stored), the ad spend and the balance; the P&L by card counts the demo's cost prices. ` +
      'In the web app: «Финансы».',
    `  curl -s "${base}/accounting/reports?mpAccountId=${mpAccountId}" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/accounting/reports/pnl?mpAccountId=${mpAccountId}&${period}&groupBy=nm" -H "Authorization: Bearer $TOKEN"`,
    `  curl -s "${base}/accounting/reports/summary?mpAccountId=${mpAccountId}&period=30d" -H "Authorization: Bearer $TOKEN"`,
    '',
  ];
}
