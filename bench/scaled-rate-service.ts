import { RateRules } from '../src/marketplace/client/rate-rules';

/**
 * The built service (dist/src/main.js, role from APP_ROLE) with every outbound rate window multiplied by
 * BENCH_RATE_TIME_SCALE before it starts, for benchmarks whose emulator runs its limits equally fast (or not at all):
 * at the marketplace's own limits (content 100 and prices 60 requests a minute) 100 000 cards take at least 12 minutes
 * of waiting for tokens, and 50 price uploads 30 s. Production never runs this file.
 */
const scale = Number(process.env.BENCH_RATE_TIME_SCALE);
const ruleFor = RateRules.prototype.ruleFor;
RateRules.prototype.ruleFor = function scaledRuleFor(this: RateRules, ...args: Parameters<RateRules['ruleFor']>) {
  const rule = ruleFor.apply(this, args);
  return { ...rule, windowMs: rule.windowMs * scale };
};
void import('../src/main');
