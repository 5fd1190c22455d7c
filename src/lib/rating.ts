// Star ratings (spec §9): five stars, with a half star when the fraction is at least .5.
export const MAX_STARS = 5

export interface StarParts {
  full: number
  half: number
  empty: number
}

/** How many full, half and empty stars show `rating` (clamped to 0–5). */
export function starParts(rating: number): StarParts {
  const value = Number.isFinite(rating) ? Math.min(MAX_STARS, Math.max(0, rating)) : 0
  const full = Math.floor(value)
  // Rounded first so that 4.5 stored as 4.4999999 still shows its half star.
  const half = full < MAX_STARS && Math.round((value - full) * 100) >= 50 ? 1 : 0
  return { full, half, empty: MAX_STARS - full - half }
}

/** The rating with one decimal, as the stars' caption shows it: '4.5'. */
export function formatRating(rating: number): string {
  return (Number.isFinite(rating) ? rating : 0).toFixed(1)
}
