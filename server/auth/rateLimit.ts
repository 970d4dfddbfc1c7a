/**
 * Login throttling, per user name and client address together. `maxFailures` failed logins within `windowMs` lock
 * that name for that address for `baseLockMs`, doubling with each further lock (up to `maxLockMs`) until a
 * successful login or `forgetMs` without failures. Unknown user names are counted exactly like real ones, so the
 * answers never tell whether an account exists.
 *
 * Neither the name alone nor the address alone is ever locked: an attacker hammering `admin` must not lock the
 * real admin out from elsewhere, nor everybody who shares the attacker's address (behind a proxy, everyone).
 */

export interface LimitPolicy {
  maxFailures: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  forgetMs: number;
}

export const USER_POLICY: LimitPolicy = { maxFailures: 5, windowMs: 5 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 };

interface Entry {
  failures: number[];
  lockedUntil: number;
  locks: number;
  lastFailure: number;
}

const MAX_KEYS = 20_000;

class KeyLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly policy: LimitPolicy) {}

  /** Milliseconds this key stays locked (0 = not locked). */
  lockedFor(key: string, now: number): number {
    const e = this.current(key, now);
    return e ? Math.max(0, e.lockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    let e = this.current(key, now);
    if (!e) {
      if (this.entries.size >= MAX_KEYS) this.evict(now);
      e = { failures: [], lockedUntil: 0, locks: 0, lastFailure: now };
      this.entries.set(key, e);
    }
    e.lastFailure = now;
    e.failures = e.failures.filter((t) => now - t < this.policy.windowMs);
    e.failures.push(now);
    if (e.failures.length >= this.policy.maxFailures) {
      e.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.baseLockMs * 2 ** e.locks);
      e.locks++;
      e.failures = [];
    }
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.lockedUntil <= now && now - e.lastFailure > this.policy.forgetMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private evict(now: number): void {
    for (const [k, e] of this.entries) if (e.lockedUntil <= now && now - e.lastFailure > this.policy.windowMs) this.entries.delete(k);
    // Still full: drop the oldest entries (Map order is insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.entries.delete(k);
    }
  }
}

export class LoginLimiter {
  private readonly pairs: KeyLimiter;

  constructor(
    policy: LimitPolicy = USER_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.pairs = new KeyLimiter(policy);
  }

  /** Whole seconds to wait before the next attempt for this user from this address (0 = may try now). */
  waitSeconds(user: string, address: string): number {
    return Math.ceil(this.pairs.lockedFor(pairKey(user, address), this.now()) / 1000);
  }

  failed(user: string, address: string): void {
    this.pairs.fail(pairKey(user, address), this.now());
  }

  succeeded(user: string, address: string): void {
    this.pairs.reset(pairKey(user, address));
  }
}

const pairKey = (user: string, address: string): string => JSON.stringify([user.trim().toLowerCase(), address]);
