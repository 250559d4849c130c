import { randomUUID } from 'node:crypto';

import type { Scope } from './scopes';

/**
 * A fault rule set through the control API. It applies to calls of its scope and path (both optional),
 * for the next `times` calls or with `probability`, and then answers `status` (with `body` when given),
 * waits `latencyMs` first, or misbehaves at the connection level (`mode`).
 */
export interface FaultRule {
  id: string;
  scope?: Scope;
  path?: string;
  status?: number;
  body?: unknown;
  /** Headers of the injected answer, e.g. Location of a redirect. */
  headers?: Record<string, string>;
  times?: number;
  probability?: number;
  latencyMs?: number;
  /**
   * hang: never answer; close: drop the connection; stall: send headers and part of a body (`body` when it is a
   * string, else `{"data":`), then stop; drip: send headers and the start of an array (`body` when it is a string, else
   * `[`), then a space every DRIP_INTERVAL_MS until the client goes away: an answer that never ends yet never stalls.
   */
  mode?: 'hang' | 'close' | 'stall' | 'drip';
}

export type FaultInput = Omit<FaultRule, 'id'>;

/** How often a dripping answer sends its next byte. */
export const DRIP_INTERVAL_MS = 100;

export class Faults {
  private rules: FaultRule[] = [];

  add(inputs: FaultInput[]): string[] {
    const rules = inputs.map((input) => ({ ...input, id: randomUUID() }));
    this.rules.push(...rules);
    return rules.map((rule) => rule.id);
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules;
  }

  /** The rule that applies to this call, consuming one of its `times`; null when none does. */
  match(scope: Scope, path: string, random = Math.random): FaultRule | null {
    for (const rule of this.rules) {
      if ((rule.scope && rule.scope !== scope) || (rule.path && rule.path !== path)) continue;
      if (rule.probability !== undefined && random() >= rule.probability) continue;
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
      }
      return rule;
    }
    return null;
  }
}
