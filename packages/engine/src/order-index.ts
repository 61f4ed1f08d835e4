/**
 * orderId -> value, for positive safe-integer ids: an open-addressing hash table with linear probing whose
 * keys live in one Float64Array. A deep book holds hundreds of thousands of orders, and there a Map's
 * chained buckets cost several cache misses per lookup, while a probe here usually touches one slot of one
 * array. Measured on this project's machines at two million entries: about 2x faster than Map to insert or
 * delete and 8x to look up an absent id (the duplicate check of every new order); 1.2-2.5x at 200k.
 */
const EMPTY = 0;
/** A deleted slot: lookups probe past it, inserts may reuse it. Order ids are positive, so neither can clash. */
const DELETED = -1;
const INITIAL_CAPACITY = 1024;
const TWO_TO_THE_32 = 4294967296;

export class OrderIndex<Value> {
  private capacity = INITIAL_CAPACITY;
  private keys = new Float64Array(INITIAL_CAPACITY);
  // Stryker disable next-line ArrayDeclaration: pure speed, an empty array reads undefined the same; a filled one stays packed.
  private values: (Value | undefined)[] = new Array<Value | undefined>(INITIAL_CAPACITY).fill(undefined);
  private liveCount = 0;
  /** Live plus deleted slots: what lengthens probes, so what triggers a rebuild. */
  private usedSlots = 0;

  get size(): number {
    return this.liveCount;
  }

  /**
   * An id no order can have needs no check of its own: 0 and -1 find an empty or a deleted slot, whose value
   * is undefined, and any other (fractional, NaN, infinite) matches no key and stops at an empty slot.
   */
  get(orderId: number): Value | undefined {
    const keys = this.keys;
    const mask = this.capacity - 1;
    for (let slot = this.homeSlot(orderId); ; slot = (slot + 1) & mask) {
      const key = keys[slot];
      if (key === orderId) return this.values[slot];
      if (key === EMPTY) return undefined;
    }
  }

  has(orderId: number): boolean {
    return this.get(orderId) !== undefined;
  }

  /** Adds or replaces the value of `orderId`, a positive safe integer. */
  set(orderId: number, value: Value): void {
    if (!(orderId > 0)) throw new RangeError(`order ids are positive, got ${orderId}`);
    // Pure speed: `>=` or `usedSlots - 1` rebuild one insert earlier or later. Their siblings `<`, `<=` and `/ 2` let
    // the table fill up, which hangs every test that fills it past half (checked by hand).
    // Stryker disable next-line EqualityOperator,ArithmeticOperator: see above.
    if ((this.usedSlots + 1) * 2 > this.capacity) this.rebuild();
    const keys = this.keys;
    const mask = this.capacity - 1;
    let reusable = -1;
    let slot = this.homeSlot(orderId);
    for (; ; slot = (slot + 1) & mask) {
      const key = keys[slot];
      if (key === orderId) {
        this.values[slot] = value;
        return;
      }
      if (key === EMPTY) break;
      // Pure speed: never looking at deleted slots (`false`, an empty block) reuses none, so the table is only
      // rebuilt sooner.
      // Stryker disable next-line ConditionalExpression,BlockStatement: see above.
      if (key === DELETED) {
        // Pure speed: reusing the first deleted slot of the probe path, a later one or none changes only how soon the
        // table is rebuilt.
        // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
        if (reusable < 0) reusable = slot;
      }
    }
    // Pure speed: `> 0` only passes over a deleted slot 0, and false over every deleted slot. Their siblings `< 0` and
    // true write to slot -1 when no slot was deleted, which every test that sets catches (checked by hand).
    // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
    if (reusable >= 0) slot = reusable;
    else this.usedSlots += 1;
    keys[slot] = orderId;
    this.values[slot] = value;
    this.liveCount += 1;
  }

  delete(orderId: number): boolean {
    if (!(orderId > 0)) return false;
    const keys = this.keys;
    const mask = this.capacity - 1;
    for (let slot = this.homeSlot(orderId); ; slot = (slot + 1) & mask) {
      const key = keys[slot];
      if (key === orderId) {
        keys[slot] = DELETED;
        this.values[slot] = undefined;
        this.liveCount -= 1;
        return true;
      }
      if (key === EMPTY) return false;
    }
  }

  /**
   * Folds the id's high bits into its low 32 and mixes them (murmur3's finaliser), so that ids sharing
   * their low bits (strided or sharded id generators) still spread over the whole table.
   */
  private homeSlot(orderId: number): number {
    let hash = (orderId | 0) ^ Math.imul((orderId / TWO_TO_THE_32) | 0, 0x9e3779b1);
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
    return hash & (this.capacity - 1);
  }

  /** Keeps the table at most half used: doubles it when live entries need room, else just drops the deleted slots. */
  private rebuild(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    // Pure space: `>` or growing at every rebuild only spends memory. Their siblings that grow too late (false, `<`)
    // let the table fill up, which hangs every test that fills it past half (checked by hand).
    // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
    if (this.liveCount * 4 >= this.capacity) this.capacity *= 2;
    this.keys = new Float64Array(this.capacity);
    // Stryker disable next-line ArrayDeclaration: pure speed, an empty array reads undefined the same; a filled one stays packed.
    this.values = new Array<Value | undefined>(this.capacity).fill(undefined);
    this.liveCount = 0;
    this.usedSlots = 0;
    // A live key's value is never undefined: set() stores a Value.
    oldKeys.forEach((key, slot) => {
      if (key > 0) this.set(key, oldValues[slot] as Value);
    });
  }
}
