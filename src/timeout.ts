/**
 * `work`, or a rejection with `late()` once `ms` have passed, whichever comes first. The work itself
 * is not cancelled; the timer is cleared either way, so a settled race leaves nothing running.
 *
 * @example
 * await withTimeout(fetchPage(), 4_000, () => new UpstreamTimeout("no page within 4 s"))
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
