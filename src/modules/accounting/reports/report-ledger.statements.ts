import { SQL, sql } from 'drizzle-orm';

import { OPERATION_TYPES } from './operation-types';

/**
 * How a realisation report row becomes ledger rows (README: Accounting). `s` is −1 on a return document, 1 otherwise.
 * - A sale or return operation: `sale`/`return` = s × retailAmount (units s × quantity), `acquiring` = −s × acquiringFee,
 *   `commission` = −s × (retailAmount − forPay − acquiringFee): the three add up to s × forPay.
 * - Any other operation: its mapped type (`other` when unknown) = s × forPay.
 * - Every row: `logistics` = −deliveryService, `storage` = −paidStorage, `acceptance` = −paidAcceptance, `penalty` =
 *   −penalty, `deduction` = −deduction, `compensation` = +additionalPayment.
 * So a report's ledger rows add up to its bank payment, and each amount is the report's own kopecks, never recomputed.
 */

const OPERATIONS = JSON.stringify(OPERATION_TYPES);

/** A row's amount that lives only in the whole row kept as JSON (an empty one is zero). */
const rowAmount = (name: string) => sql.raw(`COALESCE(NULLIF(r.row->>'${name}', '')::numeric, 0)`);

const RETURN_DOCUMENT = 'Возврат';

/** The report's rows with their sign, mapped type and the amounts the derivation and the reconciliation read. */
function reportRows(accountId: string, reportId: string): SQL {
  return sql`SELECT r.*, COALESCE(ops.value, 'other') AS op_type, ops.value IS NULL AS unmapped,
      CASE WHEN r.doc_type_name = ${RETURN_DOCUMENT} THEN -1 ELSE 1 END AS s,
      ${rowAmount('acquiringFee')} AS acquiring_fee,
      ${rowAmount('paidAcceptance')} AS paid_acceptance,
      ${rowAmount('additionalPayment')} AS additional_payment
    FROM realisation_report_rows r LEFT JOIN jsonb_each_text(${OPERATIONS}::jsonb) ops ON ops.key = r.seller_oper_name
    WHERE r.mp_account_id = ${accountId}::uuid AND r.report_id = ${reportId}::bigint`;
}

/** The sums of a report's rows as its totals are written (numeric text with kopecks), the row count and unknown operations. */
export function reportRowSums(accountId: string, reportId: string): SQL {
  return sql`WITH src AS (${reportRows(accountId, reportId)}),
    sums AS (SELECT count(*)::int AS rows_count,
      COALESCE(sum(s * retail_amount), 0) AS retail, COALESCE(sum(s * for_pay), 0) AS for_pay,
      COALESCE(sum(delivery_service), 0) AS logistics, COALESCE(sum(paid_storage), 0) AS storage,
      COALESCE(sum(paid_acceptance), 0) AS acceptance, COALESCE(sum(deduction), 0) AS deduction,
      COALESCE(sum(penalty), 0) AS penalty, COALESCE(sum(additional_payment), 0) AS additional_payment FROM src)
    SELECT rows_count, retail::numeric(14,2)::text AS retail, for_pay::numeric(14,2)::text AS "forPay",
      logistics::numeric(14,2)::text AS logistics, storage::numeric(14,2)::text AS storage,
      acceptance::numeric(14,2)::text AS acceptance, deduction::numeric(14,2)::text AS deduction,
      penalty::numeric(14,2)::text AS penalty,
      (for_pay - logistics - storage - acceptance - deduction - penalty + additional_payment)::numeric(14,2)::text AS "bankPayment",
      (SELECT COALESCE(array_agg(DISTINCT seller_oper_name ORDER BY seller_oper_name), '{}') FROM src WHERE unmapped) AS unmapped
    FROM sums`;
}

/** The report's ledger rows written again from its stored rows (the caller removed the earlier ones in the same transaction). */
export function insertReportLedger(accountId: string, reportId: string): SQL {
  return sql`WITH src AS (${reportRows(accountId, reportId)})
    INSERT INTO ledger_transactions (mp_account_id, date, amount, type, source, report_id, rrd_id, nm_id, quantity, srid, comment)
    SELECT src.mp_account_id, COALESCE(NULLIF(src.rr_date, ''), src.date_to)::date, e.amount, e.type, 'mp_report',
      src.report_id::text, src.rrd_id::text, NULLIF(src.nm_id, 0), e.quantity, NULLIF(src.srid, ''), src.seller_oper_name
    FROM src CROSS JOIN LATERAL (VALUES
      (CASE WHEN src.op_type NOT IN ('sale', 'return') THEN src.op_type WHEN src.s < 0 THEN 'return' ELSE 'sale' END,
        CASE WHEN src.op_type IN ('sale', 'return') THEN src.s * src.retail_amount ELSE src.s * src.for_pay END,
        CASE WHEN src.op_type IN ('sale', 'return') THEN src.s * src.quantity ELSE 0 END),
      ('commission', CASE WHEN src.op_type IN ('sale', 'return') THEN -src.s * (src.retail_amount - src.for_pay - src.acquiring_fee) ELSE 0 END, 0),
      ('acquiring', CASE WHEN src.op_type IN ('sale', 'return') THEN -src.s * src.acquiring_fee ELSE 0 END, 0),
      ('logistics', -src.delivery_service, 0),
      ('storage', -src.paid_storage, 0),
      ('acceptance', -src.paid_acceptance, 0),
      ('penalty', -src.penalty, 0),
      ('deduction', -src.deduction, 0),
      ('compensation', src.additional_payment, 0)
    ) AS e(type, amount, quantity)
    WHERE e.amount <> 0 OR e.quantity <> 0`;
}
