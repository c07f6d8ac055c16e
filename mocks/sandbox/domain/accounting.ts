// The byte accounting of the stored world (docs/sandbox.md "Limits and throttles"): what each record weighs, whom it counts against, and the 429 before a write that does not fit.
import { accountFull, approxBytes, approxFieldsBytes, fieldBytes, type Limits, worldFull } from './limits.js';

/** What the byte accounting holds against a record: its size when last written, and who wrote it (none: the world's). */
interface Charge {
  bytes: number;
  owner: number | undefined;
}

/** Bytes of stored data, in all, of the world's pool (the seed and the world's own accounts), and per account. */
export interface Usage {
  total: number;
  world: number;
  byAccount: Map<number, number>;
}

/** A write about to happen: `next` replaces `record` (an update), or is new (no `record`). */
export interface PlannedWrite {
  record?: object;
  next: object;
}

/**
 * Who pays for a write: the account whose request makes it (the record counts against it, and a write that does not
 * fit its share or its pool is refused), or undefined for the operator's own writes (the seed, a loaded world), which
 * are the world's and never refused. It travels with the request (handlers/types.ts Context.payer) into each write.
 */
export type Payer = number | undefined;

/** What one record takes: limits.ts approxBytes plus its map entry. */
export const recordBytes = (record: object): number => 32 + approxBytes(record);

// A record is a plain object: every own field of it is enumerable, so owning the field is enough (Object.hasOwn is a
// fast builtin where propertyIsEnumerable goes through the runtime, on every field of every write).
const isOwnField = (value: object, key: string): boolean => Object.hasOwn(value, key);

/**
 * What writing `changes` into the plain object `record` adds to its size (negative when it frees): what each defined
 * change replaces or adds (a change given as undefined leaves its field alone).
 */
export function changeBytes(record: object, changes: object): number {
  const old = record as Record<string, unknown>;
  const changed = changes as Record<string, unknown>;
  let sum = 0;
  // for…in, not Object.keys: the same own keys of a plain object, and V8 reads `changed[key]` by the enum cache.
  for (const key in changed) {
    const value = changed[key];
    if (value === undefined) continue;
    const was = old[key];
    // A string or a number read from a plain object is its own field (nothing it inherits is one): the common rewrite
    // skips the ownership look-up, which only a field that is absent, null, an object or inherited needs.
    if (typeof was === 'string' || typeof was === 'number' || isOwnField(old, key)) {
      sum += approxBytes(value) - approxBytes(was);
    } else sum += fieldBytes(key, value);
  }
  return sum;
}

/**
 * What `record` will take once `changes` are written into it: recordBytes({ ...record, ...defined changes }), measured
 * without building that copy (the copy is a plain object: the record's fields as they are, then the changes).
 */
export const recordBytesWith = (record: object, changes: object): number =>
  32 + approxFieldsBytes(record) + changeBytes(record, changes);

/**
 * Writes the fields of `changes` that are not undefined into `record` (Object.assign of the defined ones), in one pass
 * and without a filtered copy.
 */
function assignDefined(record: object, changes: object): void {
  const target = record as Record<string, unknown>;
  const changed = changes as Record<string, unknown>;
  for (const key in changed) {
    const value = changed[key];
    if (value !== undefined) target[key] = value;
  }
}

/** A change of a stored record planned with others: its fields given as in ByteAccounting.update. */
export interface PlannedUpdate<T extends object = object> {
  record: T;
  changes: Partial<T>;
}

interface Ledger {
  put(old: object | undefined, next: object, owner: number | undefined, payer: Payer): void;
  release(record: object): void;
}

/**
 * A map of stored records whose every set and delete is accounted at once: a set that does not fit throws the 429
 * before anything changes, a delete credits its owner. Code that writes a map directly (QA rules, a snapshot loader)
 * is accounted like the Store's own methods.
 */
export class RecordMap<K, V extends object> extends Map<K, V> {
  constructor(private readonly ledger: Ledger) {
    super();
  }

  /** Stores `value` as the world's own data, never refused: a loader's write (a request's is setBy). */
  override set(key: K, value: V): this {
    return this.setAs(key, value, undefined);
  }

  /** Stores `value` written by `payer`: it counts against them, checked against their room (no payer: the world's). */
  setBy(key: K, value: V, payer: Payer): this {
    return this.setAs(key, value, payer, payer);
  }

  /**
   * Stores `value` as written by `owner` (undefined: the world's own data); checked against the owner's room only when
   * a request pays for the write.
   */
  setAs(key: K, value: V, owner: number | undefined, payer?: Payer): this {
    this.ledger.put(super.get(key), value, owner, payer);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const old = super.get(key);
    if (old === undefined) return false;
    this.ledger.release(old);
    return super.delete(key);
  }

  override clear(): void {
    for (const value of super.values()) this.ledger.release(value);
    super.clear();
  }
}

/**
 * The accounting a Store keeps of its records: every record counts against the account that last wrote it, from the
 * moment it is written to the moment it is deleted (an update that shrinks it is credited at once). The Store says
 * which accounts are registered and which maps hold records.
 */
export abstract class ByteAccounting {
  abstract readonly limits: Limits;
  /** Whether `owner` is a registered account (its share is reserved) rather than one of the world's own. */
  protected abstract isRegistered(owner: number): boolean;
  /** Every map of stored records. */
  protected abstract recordMaps(): Array<RecordMap<unknown, object>>;
  /** Bytes `owner` holds outside its records (its sessions, the controls' tables): counted in its share too. */
  protected abstract heldBy(owner: number): number;

  protected readonly ledger: Ledger = {
    put: (old, next, owner, payer) => this.put(old, next, owner, payer),
    release: (record) => this.release(record),
  };

  // The byte accounting: a charge per stored record, and its sums.
  private readonly charges = new WeakMap<object, Charge>();
  private usedTotal = 0;
  private usedWorld = 0;
  private readonly usedBy = new Map<number, number>();
  /** Times a stored record changed writer (ownerChanges): a saved copy of the world looks owners up only after one. */
  private ownerChangeCount = 0;

  /** Whether what `owner` writes draws on the world's budget: the world's own data and accounts do, registered ones not. */
  private inWorldPool(owner: number | undefined): boolean {
    return owner === undefined || !this.isRegistered(owner);
  }

  /** The bytes `owner` may hold: a registered account's reserved share, or a world account's share. */
  shareOf(owner: number): number {
    return this.isRegistered(owner) ? this.limits.registeredAccountBytes : this.limits.accountBytes;
  }

  /**
   * Throws the 429 when `owner` writing `writes` for a request would pass its share or its pool's budget; changes
   * nothing. Only a request's writes are checked: the caller checks that a payer is given.
   */
  private checkRoom(owner: number | undefined, writes: Array<{ bytes: number; prev: Charge | undefined }>): void {
    let own = 0;
    let pool = 0;
    // Which pool the writer draws on, looked up only when a write is not a rewrite of the writer's own record.
    let world: boolean | undefined;
    for (const { bytes, prev } of writes) {
      // What the writer already holds of a record it rewrites is its own to reuse, in its own pool (the common write).
      if (prev !== undefined && prev.owner === owner) {
        own += bytes - prev.bytes;
        pool += bytes - prev.bytes;
        continue;
      }
      // Another's record is credited to them, and to the writer's pool only when it was in the same pool.
      own += bytes;
      world ??= this.inWorldPool(owner);
      pool += bytes - (prev && this.inWorldPool(prev.owner) === world ? prev.bytes : 0);
    }
    if (owner !== undefined && own > 0) {
      const share = this.shareOf(owner);
      if (this.bytesOf(owner) + this.heldBy(owner) + own > share) throw accountFull(share);
    }
    // Registered accounts reserved their share when they registered: only the world's pool can be full.
    if (pool > 0 && (world ?? this.inWorldPool(owner)) && this.usedWorld + pool > this.limits.worldBytes) {
      throw worldFull(this.limits.worldBytes);
    }
  }

  private charge(record: object, bytes: number, owner: number | undefined): void {
    this.charges.set(record, { bytes, owner });
    this.count(bytes, owner);
  }

  private uncharge(record: object, charge: Charge): void {
    this.charges.delete(record);
    this.discount(charge);
  }

  /** A stored record's charge, changed in place: the same sums as uncharge then charge, without rekeying the WeakMap. */
  private recharge(charge: Charge, bytes: number, owner: number | undefined): void {
    if (charge.owner === owner) {
      // The same owner: the sums move by the difference alone (none when the size is the same). A stored record takes
      // at least 32 bytes, so the owner's sum stays above 0 and keeps its entry, as discount then count would leave it.
      const delta = bytes - charge.bytes;
      charge.bytes = bytes;
      if (delta !== 0) this.count(delta, owner);
      return;
    }
    this.discount(charge);
    charge.bytes = bytes;
    charge.owner = owner;
    this.count(bytes, owner);
  }

  private count(bytes: number, owner: number | undefined): void {
    this.usedTotal += bytes;
    if (this.inWorldPool(owner)) this.usedWorld += bytes;
    if (owner !== undefined) this.usedBy.set(owner, (this.usedBy.get(owner) ?? 0) + bytes);
  }

  private discount(charge: Charge): void {
    this.usedTotal -= charge.bytes;
    if (this.inWorldPool(charge.owner)) this.usedWorld -= charge.bytes;
    if (charge.owner !== undefined) {
      const left = (this.usedBy.get(charge.owner) ?? 0) - charge.bytes;
      if (left === 0) this.usedBy.delete(charge.owner);
      else this.usedBy.set(charge.owner, left);
    }
  }

  private put(old: object | undefined, next: object, owner: number | undefined, payer: Payer): void {
    const bytes = recordBytes(next);
    const prev = old === undefined ? undefined : this.charges.get(old);
    if (payer !== undefined) this.checkRoom(owner, [{ bytes, prev }]);
    if (old !== undefined && prev) {
      if (prev.owner !== owner) this.ownerChangeCount += 1;
      this.uncharge(old, prev);
    }
    this.charge(next, bytes, owner);
  }

  private release(record: object): void {
    const charge = this.charges.get(record);
    if (charge) this.uncharge(record, charge);
  }

  /**
   * Throws the 429 when the writes planned together do not fit the payer's share (and its pool), before any of them
   * is made: a request that makes several records is refused whole or done whole.
   */
  room(writes: PlannedWrite[], payer: Payer): void {
    if (payer === undefined) return;
    this.checkRoom(
      payer,
      writes.map(({ record, next }) => ({
        bytes: recordBytes(next),
        prev: record === undefined ? undefined : this.charges.get(record),
      })),
    );
  }

  /**
   * Changes fields of a stored record (fields given as undefined are left alone). The record then counts against the
   * payer (its owner so far when nobody pays), at its new size, and its previous owner is credited; throws the 429
   * before changing anything when that does not fit.
   */
  update<T extends object>(record: T, changes: Partial<T>, payer: Payer): T {
    this.updateAll([{ record, changes }], payer);
    return record;
  }

  /**
   * Several updates as one: the 429 before any change when together they do not fit the payer's share (and its pool),
   * then each made in order as by update(), each record measured once.
   */
  updateAll(updates: PlannedUpdate[], payer: Payer): void {
    const planned: Array<{ record: object; changes: object; prev: Charge; bytes: number }> = [];
    for (const { record, changes } of updates) {
      const prev = this.charges.get(record);
      if (!prev) throw new Error('Store.update: the record is not stored');
      // A stored record's charge is its size as last written (every change to one goes through put, update or
      // settle: usage() equals measure()), so only the changes are measured, not the whole record again (a change
      // given as undefined measures nothing, and is not written below).
      planned.push({ record, changes, prev, bytes: prev.bytes + changeBytes(record, changes) });
    }
    if (payer !== undefined && planned.length > 1) this.checkRoom(payer, planned);
    for (const write of planned) {
      const { record, changes, prev, bytes } = write;
      const owner = payer ?? prev.owner;
      if (payer !== undefined) this.checkRoom(owner, [write]);
      assignDefined(record, changes);
      if (prev.owner !== owner) this.ownerChangeCount += 1;
      this.recharge(prev, bytes, owner);
    }
  }

  /**
   * A change that follows from a deletion (a session losing a deleted case's report, a task unlinked): never refused,
   * the record keeps its owner, and what it frees is credited at once.
   */
  settle<T extends object>(record: T, changes: Partial<T>): void {
    const prev = this.charges.get(record);
    Object.assign(record, changes);
    if (prev) this.recharge(prev, recordBytes(record), prev.owner);
  }

  /** A world account just registered: what it wrote leaves the world's pool and counts in the registration budget. */
  protected leaveWorldPool(accountId: number): void {
    const held = this.usedBy.get(accountId);
    if (held !== undefined) this.usedWorld -= held;
  }

  /** Throws the 429 of `owner`'s share when `bytes` more held outside its records would not fit it. */
  checkHeldRoom(owner: number, bytes: number): void {
    const share = this.shareOf(owner);
    if (this.bytesOf(owner) + this.heldBy(owner) + bytes > share) throw accountFull(share);
  }

  /** Bytes `accountId` holds now (the records it last wrote). */
  bytesOf(accountId: number): number {
    return this.usedBy.get(accountId) ?? 0;
  }

  /** The account a stored record counts against (undefined: the world's own data, or not stored). */
  ownerOf(record: object): number | undefined {
    return this.charges.get(record)?.owner;
  }

  /**
   * How many times a stored record has changed writer so far (an update or a replacement by another account, a
   * loader's restoreOwner): while it stays the same, no stored record's owner has changed.
   */
  ownerChanges(): number {
    return this.ownerChangeCount;
  }

  /** The running accounting, as kept write by write. */
  usage(): Usage {
    return { total: this.usedTotal, world: this.usedWorld, byAccount: new Map(this.usedBy) };
  }

  /** The same sums measured afresh by walking every record; equal to usage() after any sequence of writes. */
  measure(): Usage {
    const usage: Usage = { total: 0, world: 0, byAccount: new Map() };
    for (const map of this.recordMaps()) {
      for (const record of map.values()) {
        const bytes = recordBytes(record);
        const owner = this.charges.get(record)?.owner;
        usage.total += bytes;
        if (this.inWorldPool(owner)) usage.world += bytes;
        if (owner !== undefined) usage.byAccount.set(owner, (usage.byAccount.get(owner) ?? 0) + bytes);
      }
    }
    return usage;
  }

  /** Approximate bytes of all stored data, measured afresh (walks the whole world). */
  measureBytes(): number {
    return this.measure().total;
  }

  /** For a loader: `record`, already stored, counts against `owner` (as saved), without a share check. */
  restoreOwner(record: object, owner: number | undefined): void {
    const charge = this.charges.get(record);
    if (!charge) throw new Error('Store.restoreOwner: the record is not stored');
    if (charge.owner !== owner) this.ownerChangeCount += 1;
    this.recharge(charge, charge.bytes, owner);
  }
}
