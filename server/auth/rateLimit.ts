/**
 * Login throttling, per user name and per client address. `maxFailures` failed logins within `windowMs` lock the
 * key for `baseLockMs`, doubling with each further lock (up to `maxLockMs`) until a successful login or
 * `forgetMs` without failures. Unknown user names are counted exactly like real ones, so the answers never tell
 * whether an account exists.
 */

export interface LimitPolicy {
  maxFailures: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  forgetMs: number;
}

export const USER_POLICY: LimitPolicy = { maxFailures: 5, windowMs: 5 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 };
/** One address may try a few names (typos, a shared machine) before it is slowed down too. */
export const ADDRESS_POLICY: LimitPolicy = { ...USER_POLICY, maxFailures: 10 };

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
  private readonly users: KeyLimiter;
  private readonly addresses: KeyLimiter;

  constructor(
    userPolicy: LimitPolicy = USER_POLICY,
    addressPolicy: LimitPolicy = ADDRESS_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.users = new KeyLimiter(userPolicy);
    this.addresses = new KeyLimiter(addressPolicy);
  }

  /** Whole seconds to wait before the next attempt for this user from this address (0 = may try now). */
  waitSeconds(user: string, address: string): number {
    const t = this.now();
    const ms = Math.max(this.users.lockedFor(userKey(user), t), this.addresses.lockedFor(address, t));
    return Math.ceil(ms / 1000);
  }

  failed(user: string, address: string): void {
    const t = this.now();
    this.users.fail(userKey(user), t);
    this.addresses.fail(address, t);
  }

  /** Clears the user's count only: a working account must not wipe its address's count of failures on others. */
  succeeded(user: string): void {
    this.users.reset(userKey(user));
  }
}

const userKey = (user: string): string => user.trim().toLowerCase();
