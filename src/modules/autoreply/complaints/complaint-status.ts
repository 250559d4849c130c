import { COMPLAINT_STATUSES, ComplaintStatus } from '../../../database/schema';

/** Spec: States, Complaint. Open complaints may be prepared again, submitted or dismissed; the others are terminal. */
export const OPEN_COMPLAINT_STATUSES: ComplaintStatus[] = ['draft', 'pending'];

const STATUS = `(?:${COMPLAINT_STATUSES.join('|')})`;
/** A comma list of statuses, e.g. `draft,pending`. */
export const COMPLAINT_STATUS_LIST = new RegExp(`^${STATUS}(?:,${STATUS})*$`);

/** The statuses of a checked comma list; the open ones when there is none (spec: Reply routes, listing). */
export function complaintStatuses(list: string | undefined): ComplaintStatus[] {
  return list === undefined ? OPEN_COMPLAINT_STATUSES : [...new Set(list.split(',') as ComplaintStatus[])];
}
