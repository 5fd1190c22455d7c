// Money is naira with kobo in JSON and whole kobo in the database (bigint), so that no amount
// ever passes through a stored binary float: 0.1 + 0.2 naira is exactly 30 kobo.

/** Naira (a JSON number with at most two decimals, as the schema checks) as whole kobo. */
export function toKobo(naira: number): number {
  // 0.29 * 100 is 28.999999999999996: rounding gives the kobo the client meant.
  return Math.round(naira * 100)
}

/** Whole kobo as naira: 30 → 0.3, the same number JSON.parse('0.3') gives. */
export function toNaira(kobo: number | null): number | null {
  return kobo === null ? null : kobo / 100
}
