// The search's on-screen texts, in one place.

export const SEARCH_TEXTS = {
  title: 'Search',
  label: 'Search providers, products and categories',
  placeholder: 'Name, brand, email or phone',
  tooShort: 'Type at least 2 characters.',
  searching: 'Searching…',
  nothing: (text: string) => `Nothing matches “${text}”.`,
  found: (count: number) => (count === 1 ? '1 match.' : `${count} matches.`),
  failed: 'Search failed. Please try again.',
  keys: 'Arrow keys choose, Enter opens, Esc closes.',
}

/** Each collection's group title, as the side menu names its list. */
export const GROUP_TITLES: Record<string, string> = {
  'service-provider-categories': 'Service Provider Categories',
  'product-categories': 'Product Categories',
  'service-providers': 'Service Providers',
  products: 'Products',
}
