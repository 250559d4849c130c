import type { Scope } from './scopes';

/** One call as the emulator saw it: enough to prove that a client never exceeded a limit. */
export interface CallRecord {
  at: string;
  atMs: number;
  sellerId: string | null;
  /** The token's id (the `id` of its payload), never the token itself. */
  tokenId: string | null;
  /** A marketplace scope, or llm for the emulated AI provider. */
  scope: Scope | 'llm';
  method: string;
  path: string;
  url: string;
  status: number;
  durationMs: number;
  /** An AI call's max_tokens, null when it sent none; absent on marketplace calls. */
  maxTokens?: number | null;
  /** The request's JSON body, for a call whose parameters are in it (the realisation report's paging). */
  body?: unknown;
}

export class CallLog {
  private records: CallRecord[] = [];

  add(record: CallRecord): void {
    this.records.push(record);
  }

  list(filter: { sellerId?: string; scope?: string; path?: string } = {}): CallRecord[] {
    return this.records.filter(
      (record) =>
        (!filter.sellerId || record.sellerId === filter.sellerId) &&
        (!filter.scope || record.scope === filter.scope) &&
        (!filter.path || record.path === filter.path),
    );
  }

  clear(): void {
    this.records = [];
  }
}
