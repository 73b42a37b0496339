import type { Socket } from 'node:net';

/**
 * Gathers what one turn of the event loop writes to each socket into one system call: a held
 * socket is corked, and every held socket is uncorked together once the turn's callbacks have
 * run (the pushes from one Redis read become one write per client instead of one per message).
 */
export class WriteBatcher {
  private readonly held = new Set<Socket>();
  private scheduled = false;

  hold(socket: Socket): void {
    if (this.held.has(socket)) return;
    socket.cork();
    this.held.add(socket);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
  }

  /** Releases everything held (also on shutdown). */
  release(): void {
    this.scheduled = false;
    for (const s of this.held) s.uncork();
    this.held.clear();
  }
}
