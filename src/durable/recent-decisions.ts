/**
 * Decisions kept in a Durable Object's memory for a short while, by idempotency key, so that a
 * retry gets the first answer again without a storage write per call. Oldest first (a Map keeps
 * insertion order), so pruning stops at the first entry young enough to keep.
 */
export class RecentDecisions<T> {
  private readonly entries = new Map<string, { decision: T; decidedAt: number }>();
  private prunedAt = 0;

  constructor(
    private readonly keepMs: number,
    private readonly pruneEveryMs = 30_000,
  ) {}

  get(key: string): T | undefined {
    return this.entries.get(key)?.decision;
  }

  set(key: string, decision: T, now: number) {
    this.entries.set(key, { decision, decidedAt: now });
    if (now - this.prunedAt < this.pruneEveryMs) return;
    for (const [oldKey, { decidedAt }] of this.entries) {
      if (decidedAt >= now - this.keepMs) break;
      this.entries.delete(oldKey);
    }
    this.prunedAt = now;
  }
}
