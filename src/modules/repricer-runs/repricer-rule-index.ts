import { Injectable } from '@nestjs/common';
import { RepricerRuleRow, RepricerRulesReader } from '../repricer-rules/repricer-rules.reader';
import { RuleBook } from './repricer-engine';

/** Indexes of this many accounts stay in memory; the least recently used goes first. */
const MAX_CACHED_ACCOUNTS = 32;

interface CachedIndex {
  version: string;
  book: Promise<RuleBook<RepricerRuleRow>>;
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
    const entry = cached?.version === version ? cached : { version, book: this.build(mpAccountId) };
    this.cache.set(mpAccountId, entry);
    if (this.cache.size > MAX_CACHED_ACCOUNTS) this.cache.delete(this.cache.keys().next().value!);
    try {
      return await entry.book;
    } catch (error) {
      if (this.cache.get(mpAccountId) === entry) this.cache.delete(mpAccountId);
      throw error;
    }
  }

  private async build(mpAccountId: string): Promise<RuleBook<RepricerRuleRow>> {
    return new RuleBook(await this.rules.activeRules(mpAccountId));
  }
}
