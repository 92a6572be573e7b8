/**
 * Resolves once `check` holds, checked every 20 ms, or rejects after `timeoutMs`: for state another
 * connection or process changes a moment after an answer (a signal, a slot given back).
 */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
