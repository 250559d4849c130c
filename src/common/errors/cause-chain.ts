/** How deep a cause chain is followed (Drizzle wraps driver errors, modules may wrap again). */
const MAX_CAUSE_DEPTH = 5;

/** The error and the causes it wraps, outermost first. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < MAX_CAUSE_DEPTH; current = (current as { cause?: unknown }).cause)
    chain.push(current);
  return chain;
}
