// A product's price as cards and the details screen show it: one amount for Fixed pricing,
// "min – max" for Range; always through the naira formatters.
import { formatNaira, formatNairaRange } from '../../lib/format'
import type { Pricing, Product } from './products-api'

export const NO_PRICE = 'No price set'

/** The pricing type as the app spells it; a server answering `range` still reads as Range. */
export function pricingOf(pricing: string): Pricing {
  return pricing.toLowerCase() === 'range' ? 'Range' : 'Fixed'
}

export function priceText(product: Pick<Product, 'pricing' | 'price' | 'minPrice' | 'maxPrice'>) {
  const { price, minPrice, maxPrice } = product
  if (pricingOf(product.pricing) === 'Range') {
    return minPrice === null || maxPrice === null ? NO_PRICE : formatNairaRange(minPrice, maxPrice)
  }
  return price === null ? NO_PRICE : formatNaira(price)
}
