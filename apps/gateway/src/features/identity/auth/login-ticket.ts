import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { hashToken, newToken } from './token.js';

/** How long the Google code step may follow the password step. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;

interface TicketBody {
  userId: string;
  email: string;
  /** Logical expiry (the clock's), so scaled and manual clocks apply; Redis expiry only cleans up. */
  expiresAt: number;
}

/**
 * The password step's proof when a second step follows: a random ticket given to the client,
 * kept in Redis only as its hash. It starts no session.
 */
export class LoginTickets {
  constructor(
    private readonly redis: RedisConnections,
    private readonly clock: Clock,
  ) {}

  private key(ticket: string): string {
    return `login:ticket:${hashToken(ticket)}`;
  }

  async issue(opts: {
    userId: string;
    email: string;
  }): Promise<{ ticket: string; expiresInSeconds: number }> {
    const ticket = newToken();
    const body: TicketBody = { ...opts, expiresAt: this.clock.now() + LOGIN_TICKET_TTL_MS };
    await this.redis.commands.set(
      this.key(ticket),
      JSON.stringify(body),
      'PX',
      this.clock.realDelay(LOGIN_TICKET_TTL_MS) + 60_000,
    );
    return { ticket, expiresInSeconds: LOGIN_TICKET_TTL_MS / 1000 };
  }

  /** The live ticket's user, or null when unknown, spent or expired. */
  async peek(ticket: string): Promise<{ userId: string; email: string } | null> {
    const raw = await this.redis.commands.get(this.key(ticket));
    if (!raw) return null;
    const body = JSON.parse(raw) as TicketBody;
    if (body.expiresAt <= this.clock.now()) return null;
    return { userId: body.userId, email: body.email };
  }

  /** Spends the ticket; false when another request spent it first (single use). */
  async spend(ticket: string): Promise<boolean> {
    return (await this.redis.commands.del(this.key(ticket))) === 1;
  }
}
