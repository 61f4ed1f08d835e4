import { Redis } from 'ioredis';
import type pg from 'pg';
import { instanceChannel } from '@exchange/kernel/redis';
import { hashToken } from './sessions';

/** Who a session belongs to, as far as the hot routes need to know (placing and cancelling orders). */
export interface SessionIdentity {
  userId: number;
  status: number;
  lockTime: Date | null;
  locale: string;
  expiresAt: Date;
  /** An operator froze the user's funds: no new orders (`users.frozen_funds`). */
  fundsFrozen: boolean;
}

/** How long a process trusts a session it looked up, when no revocation says otherwise. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 100_000;

export const revocationsChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'sessions:revoked');

/** One session (by token hash), every session of a user, or (subscription lost) possibly anything. */
export type Revocation = { tokenHash: string } | { userId: number } | { everything: true };
/** How many recent revocations `revokedSince` can look back over. */
const RECENT_REVOCATIONS = 1_024;

/**
 * Sessions for the order routes, looked up with one plain `pg` query and then kept for SESSION_CACHE_MS in
 * this process. Sign-outs and password resets publish a revocation on Redis that every API process applies
 * at once; expiry is checked on every use. While the subscription is down nothing is cached, and a lookup
 * that raced a revocation is used once but not kept; so a revoked token can only slip through within the
 * TTL if a revocation message is lost while the subscription reconnects.
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { identity: SessionIdentity; tokenHash: string; until: number }
  >();
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;
  /** Bumped by every revocation: a lookup that started before one must not be cached. */
  private generation = 0;
  private live = false;
  private readonly listeners: ((revocation: Revocation) => void)[] = [];
  /** The latest revocations applied here, the newest last, each with the generation it started. */
  private readonly recent: { generation: number; revocation: Revocation }[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly publisher: Redis,
    redisUrl: string,
    private readonly redisPrefix: string,
    private readonly ttlMs = SESSION_CACHE_MS,
  ) {
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, message: string) => this.apply(message));
    this.subscriber.on('close', () => this.forgetAll());
    this.subscriber.on('ready', () => {
      this.live = true;
    });
    this.ready = this.subscriber.subscribe(revocationsChannel(this.subscriber, redisPrefix)).then(() => {
      this.live = true;
    });
    // Closed before the subscription answered: only whenReady() callers hear of it, never the process.
    this.ready.catch(() => undefined);
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }

  /** The live session of this token, or null (unknown, revoked or expired). */
  async find(token: string): Promise<SessionIdentity | null> {
    const now = Date.now();
    // Kept by token (in memory only, where the request holds it anyway), so a hit costs no hashing.
    const cached = this.entries.get(token);
    if (cached && cached.until > now)
      return cached.identity.expiresAt.getTime() > now ? cached.identity : null;
    const tokenHash = hashToken(token);
    const generation = this.generation;
    const { rows } = await this.pool.query<{
      user_id: number;
      expires_at: Date;
      revoked_at: Date | null;
      status: number;
      lock_time: Date | null;
      locale: string;
      frozen_funds: number;
    }>(
      `SELECT s.user_id, s.expires_at, s.revoked_at, u.status, u.lock_time, u.locale, u.frozen_funds
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
      [tokenHash],
    );
    const [row] = rows;
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return null;
    const identity: SessionIdentity = {
      userId: row.user_id,
      status: row.status,
      lockTime: row.lock_time,
      locale: row.locale,
      expiresAt: row.expires_at,
      fundsFrozen: row.frozen_funds === 1,
    };
    if (this.live && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(token, { identity, tokenHash, until: Date.now() + this.ttlMs });
    }
    return identity;
  }

  /** Tells every API process that this token no longer signs anyone in (after it was revoked in Postgres). */
  async revokeToken(token: string): Promise<void> {
    await this.publish(`t:${hashToken(token)}`);
  }

  /** Tells every API process that none of this user's sessions is valid any more. */
  async revokeUser(userId: number): Promise<void> {
    await this.publish(`u:${userId}`);
  }

  /**
   * Tells every API process to read this user's sessions again (their user row changed, e.g. frozen funds),
   * without revoking anything. A lookup already in flight may still keep the old row for the cache's TTL.
   */
  async refreshUser(userId: number): Promise<void> {
    await this.publish(`r:${userId}`);
  }

  private async publish(message: string): Promise<void> {
    // Applied here at once (the publisher's own process must not wait for the round trip through Redis).
    this.apply(message);
    await this.publisher.publish(revocationsChannel(this.publisher, this.redisPrefix), message);
  }

  /**
   * Calls `listener` with every revocation this process applies, its own and every other process's (the
   * socket server uses it to take signed-out sockets out of their rooms).
   */
  onRevoke(listener: (revocation: Revocation) => void): void {
    this.listeners.push(listener);
  }

  /** A mark to pass to `revokedSince` later. */
  get mark(): number {
    return this.generation;
  }

  /**
   * Whether a revocation that may concern this session (its token, its user, or an unknown one) was applied
   * here since `mark`: a lookup that started before it may have read the session as still live.
   */
  revokedSince(mark: number, tokenHash: string, userId: number): boolean {
    if (mark === this.generation) return false;
    const oldest = this.recent[0];
    if (!oldest || oldest.generation > mark + 1) return true;
    return this.recent.some(
      ({ generation, revocation }) =>
        generation > mark &&
        ('everything' in revocation ||
          ('tokenHash' in revocation && revocation.tokenHash === tokenHash) ||
          ('userId' in revocation && revocation.userId === userId)),
    );
  }

  private apply(message: string): void {
    if (message.startsWith('r:')) {
      const userId = Number(message.slice(2));
      for (const [token, entry] of this.entries)
        if (entry.identity.userId === userId) this.entries.delete(token);
      return;
    }
    const tokenHash = message.startsWith('t:') ? message.slice(2) : undefined;
    const userId = message.startsWith('u:') ? Number(message.slice(2)) : undefined;
    if (tokenHash !== undefined) this.record({ tokenHash });
    else if (userId !== undefined && Number.isInteger(userId)) this.record({ userId });
    else this.record({ everything: true });
    if (tokenHash === undefined && !Number.isInteger(userId)) {
      this.entries.clear();
      return;
    }
    for (const [token, entry] of this.entries) {
      if (entry.tokenHash === tokenHash || entry.identity.userId === userId) this.entries.delete(token);
    }
  }

  private forgetAll(): void {
    this.live = false;
    this.record({ everything: true });
    this.entries.clear();
  }

  private record(revocation: Revocation): void {
    this.generation += 1;
    this.recent.push({ generation: this.generation, revocation });
    if (this.recent.length > RECENT_REVOCATIONS) this.recent.shift();
    for (const listener of this.listeners) listener(revocation);
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
