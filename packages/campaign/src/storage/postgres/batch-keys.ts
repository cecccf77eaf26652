/** Which campaign a write locks: named directly, or through one of its sessions. */
export type LockTarget = { campaignId: string } | { sessionId: string };

/** How many sessions' campaigns are remembered before the memory starts over. */
const REMEMBERED_SESSIONS = 100_000;

/**
 * The campaigns of the sessions this process has locked: a session never moves to another
 * campaign, so once learned, a session's campaign is known for good.
 */
export class SessionCampaigns {
  private readonly known = new Map<string, string>();

  /**
   * @param target - a campaign, or a session
   * @returns the campaign, or `undefined` for a session not seen yet
   */
  campaignOf(target: LockTarget): string | undefined {
    return "campaignId" in target ? target.campaignId : this.known.get(target.sessionId);
  }

  /**
   * Remembers a session's campaign.
   *
   * @param sessionId - the session
   * @param campaignId - its campaign
   */
  learn(sessionId: string, campaignId: string): void {
    if (this.known.size >= REMEMBERED_SESSIONS) this.known.clear();
    this.known.set(sessionId, campaignId);
  }
}

/** How long a campaign found locked elsewhere sends writes straight to a batch that waits. */
const CONTENDED_MS = 1_000;

/**
 * The campaigns another process was found holding lately: a write to one goes straight to a
 * batch whose first lock waits for it, instead of trying (and failing) to take it on the way.
 */
export class ContendedCampaigns {
  private readonly until = new Map<string, number>();

  /** @param campaignId - a campaign whose lock was just found taken */
  mark(campaignId: string): void {
    if (this.until.size >= REMEMBERED_SESSIONS) this.until.clear();
    this.until.set(campaignId, Date.now() + CONTENDED_MS);
  }

  /** @returns whether the campaign was found taken within the last second */
  has(campaignId: string): boolean {
    const until = this.until.get(campaignId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(campaignId);
    return false;
  }
}

interface Holding {
  /** The batch that holds the campaign until it ends. */
  batch: number;
  /** Whether one of the batch's writes is working on the campaign now. */
  busy: boolean;
  waiters: (() => void)[];
}

/**
 * Which write batch of this process holds which campaign (docs/campaign.md §10.2). Inside a
 * batch, the writes to one campaign take turns; a batch keeps its campaigns until it has
 * committed or rolled back. A write may wait only for an older batch or for its own: one that
 * would wait for a newer batch is refused instead, so batches never wait for each other in a
 * circle.
 */
export class BatchKeys {
  private readonly held = new Map<string, Holding>();

  /**
   * Takes a campaign for a write of a batch, waiting for the write of the same batch that has
   * it, or for the older batch that holds it, to be done.
   *
   * @param campaignId - the campaign
   * @param batch - the batch's number (batches are numbered in the order they open)
   * @returns `true` once taken; `false` when a newer batch holds it
   */
  async take(campaignId: string, batch: number): Promise<boolean> {
    for (;;) {
      const holding = this.held.get(campaignId);
      if (!holding) {
        this.held.set(campaignId, { batch, busy: true, waiters: [] });
        return true;
      }
      if (holding.batch > batch) return false;
      if (holding.batch === batch && !holding.busy) {
        holding.busy = true;
        return true;
      }
      await new Promise<void>((resolve) => holding.waiters.push(resolve));
    }
  }

  /**
   * A write is done with a campaign; its batch keeps holding it.
   *
   * @param campaignId - the campaign
   */
  doneWith(campaignId: string): void {
    const holding = this.held.get(campaignId);
    if (!holding) return;
    holding.busy = false;
    wake(holding);
  }

  /**
   * A batch ended: the campaigns it held are free.
   *
   * @param campaignIds - the campaigns it held
   */
  release(campaignIds: Iterable<string>): void {
    for (const campaignId of campaignIds) {
      const holding = this.held.get(campaignId);
      if (!holding) continue;
      this.held.delete(campaignId);
      wake(holding);
    }
  }
}

function wake(holding: Holding): void {
  const waiters = holding.waiters.splice(0);
  for (const resolve of waiters) resolve();
}
