import { Injectable } from '@nestjs/common';

import { RepricerRuleRow, RepricerRulesReader } from '../rules/repricer-rules.reader';
import { RuleBook } from './repricer-engine';

/**
 * Rules and index keys kept in memory over all accounts: one account at the worst case (1 000 list rules of 1 000
 * distinct nmIds) or thousands of ordinary ones; the least recently used account goes first.
 */
const MAX_CACHED_SIZE = 1_000_000;

interface CachedIndex {
  version: string;
  book: Promise<RuleBook<RepricerRuleRow>>;
  /** RuleBook.size once built. */
  size: number;
}

/**
 * The index of an account's active rules, built once and kept until its rules change: 1 000 large rules take a
 * few hundred milliseconds of the event loop to index. Each use reads the rules' version first (created, changed or
 * deleted in any process), so an index is never served after a change; an index built from rules read after the
 * version was taken is at worst rebuilt once more.
 */
@Injectable()
export class RepricerRuleIndex {
  private readonly cache = new Map<string, CachedIndex>();

  constructor(private readonly rules: RepricerRulesReader) {}

  async forAccount(mpAccountId: string): Promise<RuleBook<RepricerRuleRow>> {
    const version = await this.rules.activeRulesVersion(mpAccountId);
    const cached = this.cache.get(mpAccountId);
    this.cache.delete(mpAccountId);
    const entry = cached?.version === version ? cached : { version, book: this.build(mpAccountId), size: 0 };
    this.cache.set(mpAccountId, entry);
    try {
      const book = await entry.book;
      entry.size = book.size;
      this.evictBeyondLimit(entry);
      return book;
    } catch (error) {
      if (this.cache.get(mpAccountId) === entry) this.cache.delete(mpAccountId);
      throw error;
    }
  }

  private async build(mpAccountId: string): Promise<RuleBook<RepricerRuleRow>> {
    return new RuleBook(await this.rules.activeRules(mpAccountId));
  }

  /** Drops the least recently used indexes (never the one in use) until the cache is within MAX_CACHED_SIZE. */
  private evictBeyondLimit(inUse: CachedIndex): void {
    let total = 0;
    for (const entry of this.cache.values()) total += entry.size;
    for (const [accountId, entry] of this.cache) {
      if (total <= MAX_CACHED_SIZE) return;
      if (entry === inUse) continue;
      this.cache.delete(accountId);
      total -= entry.size;
    }
  }
}
