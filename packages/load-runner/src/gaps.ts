/**
 * Sequence checking of one client's orderBook stream: a snapshot carries the book's sequence,
 * each increment the next one. Increments that arrive before the snapshot (the subscription is
 * live before the snapshot is read) are held and replayed after it; those at or below the
 * snapshot's sequence are already in it (stale, not a gap). A jump counts the missing numbers.
 */
export class SeqTracker {
  last: number | null = null;
  gaps = 0;
  gapEvents = 0;
  stale = 0;
  increments = 0;
  private held: number[] = [];

  snapshot(seq: number): void {
    this.last = seq;
    const held = this.held;
    this.held = [];
    for (const s of held.sort((a, b) => a - b)) this.increment(s);
  }

  increment(seq: number): void {
    if (this.last === null) {
      this.held.push(seq);
      return;
    }
    if (seq <= this.last) {
      this.stale++;
      return;
    }
    this.increments++;
    if (seq > this.last + 1) {
      this.gaps += seq - this.last - 1;
      this.gapEvents++;
    }
    this.last = seq;
  }
}
