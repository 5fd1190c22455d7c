// Five stars (full, half when the fraction is at least .5, empty), then the rating with one
// decimal and the number of ratings: "★★★★½ 4.5 (12)". Plain elements with inline styles: a
// list shows thirty of these, and Chakra components for each star cost style work (issue 16).
import { Star, StarHalf } from 'lucide-react'
import { formatRating, starParts } from '../../lib/rating'

const SIZE = 16
const GOLD = 'var(--chakra-colors-yellow-500)'
const GREY = 'var(--chakra-colors-gray-300)'

export function StarRating({ rating, count }: { rating: number; count: number }) {
  const { full, half, empty } = starParts(rating)
  const stars = [
    ...Array.from({ length: full }, () => 'full' as const),
    ...Array.from({ length: half }, () => 'half' as const),
    ...Array.from({ length: empty }, () => 'empty' as const),
  ]
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: '0.375rem' }}>
      <div
        style={{ display: 'flex', alignItems: 'center', gap: '0.125rem' }}
        role="img"
        aria-label={`Rated ${formatRating(rating)} out of 5`}
      >
        {stars.map((kind, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars never move
          <span key={index} style={{ position: 'relative', lineHeight: 0 }} data-star={kind}>
            <Star
              size={SIZE}
              aria-hidden
              color={kind === 'full' ? GOLD : GREY}
              fill={kind === 'full' ? GOLD : 'none'}
            />
            {kind === 'half' && (
              <span style={{ position: 'absolute', inset: 0 }}>
                <StarHalf size={SIZE} aria-hidden color={GOLD} fill={GOLD} />
              </span>
            )}
          </span>
        ))}
      </div>
      <p
        style={{
          fontSize: 'var(--chakra-font-sizes-sm)',
          lineHeight: 'var(--chakra-line-heights-sm, 1.25rem)',
          color: 'var(--chakra-colors-fg-muted)',
        }}
      >
        {formatRating(rating)} ({count})
      </p>
    </div>
  )
}
