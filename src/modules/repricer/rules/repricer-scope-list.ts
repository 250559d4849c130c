/** Spec: Repricer rule, scope `list`: the scope value is a JSON array of nmIDs, as text. Undefined when it is not an array. */
export function parseScopeList(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
