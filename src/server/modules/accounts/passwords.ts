/**
 * Password hashing with node:crypto scrypt (no native addon to build).
 *
 * Parameters: N = 2^cost (PASSWORD_HASH_COST, 15 by default), r = 8, p = 3: the OWASP
 * equivalent of N = 2^17, p = 1 at a quarter of the memory (32 MiB per hash). Measured on the
 * 2-core development machine: 0.21-0.29 s per hash, 8 at once 1.0-2.3 s (scrypt runs on libuv's
 * thread pool, so the event loop keeps serving). `node scripts/measure-scrypt.ts` prints the
 * figures for another machine.
 *
 * Stored as "scrypt$<cost>$<r>$<p>$<salt>$<hash>" so the cost can be raised later: hashes made at
 * an older cost still verify, and are re-made at the new cost on the next successful sign-in.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const R = 8;
const P = 3;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt's work factors: N = 2^cost, block size r, parallelism p. */
export interface ScryptParams {
  cost: number;
  r: number;
  p: number;
}

interface Parsed extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [cost, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a damaged row from asking for gigabytes.
  if (!(cost >= 4 && cost <= 22 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  return { cost, r, p, salt: Buffer.from(parts[4]!, 'base64'), hash: Buffer.from(parts[5]!, 'base64') };
}

export class PasswordHasher {
  private readonly cost: number;
  /** Made at start, so even the first unknown email costs one hash, not two. */
  private readonly dummy: Promise<string>;

  constructor(cost: number) {
    this.cost = cost;
    this.dummy = this.hash(randomBytes(12).toString('base64'));
  }

  /**
   * One scrypt derivation: all the CPU and memory a hash or a check costs. A method, not a hidden
   * function, so the sign-in tests can count them (an unknown email must cost one, like a wrong
   * password) instead of timing answers on a busy machine.
   */
  derive(password: string, salt: Buffer, { cost, r, p }: ScryptParams): Promise<Buffer> {
    const N = 2 ** cost;
    // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly one hash at cost 15.
    const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
    return new Promise((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.derive(password, salt, { cost: this.cost, r: R, p: P });
    return ['scrypt', this.cost, R, P, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** Constant-time comparison of the derived key. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await this.derive(password, parsed.salt, parsed);
    return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
  }

  /**
   * The same work as verifying a real password, for sign-in with an unknown email: the answer then
   * takes as long as a wrong password would.
   */
  async verifyDummy(password: string): Promise<false> {
    await this.verify(password, await this.dummy);
    return false;
  }

  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    return !parsed || parsed.cost !== this.cost || parsed.r !== R || parsed.p !== P;
  }
}
