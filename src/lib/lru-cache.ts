// A small least-recently-used map: reading an entry makes it the newest, and adding one past
// the limit drops the oldest.
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>()
  readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  get size() {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined
    const value = this.#entries.get(key) as V
    // A Map keeps insertion order: re-inserting moves the entry to the newest end.
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  set(key: K, value: V) {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    while (this.#entries.size > this.limit) {
      const oldest = this.#entries.keys().next().value as K
      this.#entries.delete(oldest)
    }
  }

  delete(key: K) {
    this.#entries.delete(key)
  }

  clear() {
    this.#entries.clear()
  }
}
