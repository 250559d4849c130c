/** How often the app reads again what is changing now: a running job, a running sync, a reply being published. */
export const POLL_MS = 1_000;

/** How often the unread count of notifications is read again. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** How often the slot-watch tasks and their matches are read again: found slots show within this. */
export const TASKS_POLL_MS = 10_000;

/** How often an account's rate buckets are read again. */
export const QUOTA_POLL_MS = 5_000;

/** What a TanStack `refetchInterval` function is given of its query. */
interface PolledQuery<T> {
  state: { data: T | undefined; error: Error | null };
}

/** A TanStack `refetchInterval`: read again every POLL_MS while `busy` holds of the data, never after a read failed. */
export const pollWhile =
  <T>(busy: (data: T | undefined) => boolean) =>
  (query: PolledQuery<T>): number | false =>
    query.state.error || !busy(query.state.data) ? false : POLL_MS;
