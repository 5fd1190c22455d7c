// Believable rows made from the word lists, in column-major batches that either database's
// bulk loader takes as they are. Everything is drawn from a seeded generator, so one seed and
// one set of sizes always give the same data.
import {
  ABOUT_SENTENCES,
  ADDRESS_LINE2,
  BLOCK,
  BRAND_STARTS,
  BRAND_SUFFIXES,
  BROAD_BRAND_SUFFIX,
  BROAD_FORMAT,
  DESCRIPTION_SENTENCES,
  EMAIL_TIERS,
  FIRST_NAMES,
  LAST_NAMES,
  MEDIUM_BRAND_START,
  MEDIUM_QUALITY,
  OTHER_EMAIL_DOMAINS,
  PER_BLOCK,
  PLACES,
  QUALIFIERS,
  QUALITIES,
  RARE_BRAND_START,
  RARE_ITEM,
  SEARCH_TERMS,
  SECTORS,
  STREETS,
} from './words'

/** How a column is sent to PostgreSQL (`unnest($n::<type>[])`); SQLite binds values as they are. */
export type ColumnType = 'int4' | 'int8' | 'float8' | 'text'

export interface TableSpec {
  /** The table's name in the database (snake_case). */
  name: string
  columns: Array<[string, ColumnType]>
}

/** Rows of one table, column by column (`columns[c][row]`). */
export interface Batch {
  table: TableSpec
  columns: unknown[][]
  length: number
}

const categoryColumns: TableSpec['columns'] = [
  ['id', 'int4'],
  ['name', 'text'],
  ['description', 'text'],
  ['parent_id', 'int4'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
]

export const TABLES = {
  productCategories: { name: 'product_categories', columns: categoryColumns },
  providerCategories: { name: 'service_provider_categories', columns: categoryColumns },
  providers: {
    name: 'service_providers',
    columns: [
      ['id', 'int4'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['brand_name', 'text'],
      ['email', 'text'],
      ['email_key', 'text'],
      ['phone_number', 'text'],
      ['state', 'text'],
      ['city', 'text'],
      ['address_line1', 'text'],
      ['address_line2', 'text'],
      ['about', 'text'],
      ['enabled', 'int4'],
      ['created_at', 'int8'],
      ['updated_at', 'int8'],
    ],
  },
  providerLinks: {
    name: 'service_provider_category_links',
    columns: [
      ['provider_id', 'int4'],
      ['category_id', 'int4'],
    ],
  },
  products: {
    name: 'products',
    columns: [
      ['id', 'int4'],
      ['service_provider_id', 'int4'],
      ['name', 'text'],
      ['description', 'text'],
      ['pricing', 'text'],
      ['price_kobo', 'int8'],
      ['min_price_kobo', 'int8'],
      ['max_price_kobo', 'int8'],
      ['estimated_delivery_days', 'int4'],
      ['enabled', 'int4'],
      ['rating', 'float8'],
      ['no_of_ratings', 'int4'],
      ['created_at', 'int8'],
      ['updated_at', 'int8'],
    ],
  },
  productLinks: {
    name: 'product_category_links',
    columns: [
      ['product_id', 'int4'],
      ['category_id', 'int4'],
    ],
  },
} satisfies Record<string, TableSpec>

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export class Random {
  private state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive)
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]
  }
  chance(share: number): boolean {
    return this.next() < share
  }
}

/**
 * Deals labels like cards from a deck holding `count` of each, reshuffled when empty: every
 * block of rows gets exactly its share of each label, at random places within the block.
 * That keeps the search terms' shares exact at any size (a coin flip per row would put 19% or
 * 31% of a small set where 25% was meant).
 */
export class Deck<T> {
  private readonly left: number[]
  private remaining = 0

  constructor(
    private readonly random: Random,
    private readonly cards: Array<[T, number]>,
  ) {
    this.left = cards.map(() => 0)
  }

  draw(): T {
    if (this.remaining === 0) {
      this.cards.forEach(([, count], i) => {
        this.left[i] = count
        this.remaining += count
      })
    }
    let pick = this.random.int(this.remaining)
    let i = 0
    while (pick >= this.left[i]) pick -= this.left[i++]
    this.left[i] -= 1
    this.remaining -= 1
    return this.cards[i][0]
  }
}

type Tier = 'selective' | 'medium' | 'broad' | 'other'

/** A deck of search-term tiers: per BLOCK rows, PER_BLOCK of each tier in `tiers`. */
function tierDeck(random: Random, ...tiers: Array<Exclude<Tier, 'other'>>): Deck<Tier> {
  const cards: Array<[Tier, number]> = tiers.map((tier) => [tier, PER_BLOCK[tier]])
  const used = cards.reduce((sum, [, count]) => sum + count, 0)
  return new Deck(random, [...cards, ['other', BLOCK - used]])
}

const DAY = 24 * 60 * 60 * 1000
/** Seeded rows were created over the past two years, in id order. */
const HISTORY = 730 * DAY

function createdAt(index: number, count: number, now: number): number {
  return Math.round(now - HISTORY + (HISTORY * (index + 1)) / (count + 1))
}

function updatedAt(created: number, now: number, random: Random): number {
  return random.chance(0.5) ? created : Math.min(now, created + random.int(60) * DAY)
}

// ---------------------------------------------------------------------------------------------
// Categories: three levels (sector → subcategory → qualified subcategory).

/** Category ids to link rows to, grouped by sector (index into SECTORS modulo their count). */
export interface CategoryTargets {
  bySector: number[][]
  /** False for categories that were already in the database: their sectors are unknown. */
  known: boolean
}

export interface CategoryPlan extends CategoryTargets {
  batch: Batch
}

/**
 * `count` categories with ids from `firstId`: about one top level per ten categories (at most
 * one per sector), a second level of about √(rest × top) (at most the names there are) and the
 * rest on the third level, each level spread evenly over its parents. 3000 gives 20 / 240 /
 * 2740, 200 gives 20 / 60 / 120, 30 gives 3 / 9 / 18.
 */
export function planCategories(
  kind: 'product' | 'provider',
  count: number,
  firstId: number,
  now: number,
): CategoryPlan {
  const subNames = (sector: number) =>
    kind === 'product' ? SECTORS[sector].subcategories : SECTORS[sector].trades
  const top = Math.min(SECTORS.length, Math.max(1, Math.floor(count / 10)), count)
  const second = Math.min(
    count - top,
    Math.round(Math.sqrt((count - top) * top)),
    top * subNames(0).length,
  )
  const table = kind === 'product' ? TABLES.productCategories : TABLES.providerCategories
  const batch = emptyBatch(table)
  const names: string[] = []
  const sectorOf: number[] = []
  const add = (name: string, description: string, parent: number | null, sector: number) => {
    const index = batch.length
    const time = createdAt(index, count, now)
    pushRow(batch, [firstId + index, name, description, parent, time, time])
    names.push(name)
    sectorOf.push(sector)
    return firstId + index
  }

  for (let i = 0; i < top; i += 1) {
    const name = kind === 'product' ? SECTORS[i].name : SECTORS[i].trade
    add(name, `Everything in ${name.toLowerCase()}.`, null, i)
  }
  for (let i = 0; i < second; i += 1) {
    const sector = i % top
    const name = numbered(subNames(sector), Math.floor(i / top))
    add(name, `${name} under ${names[sector]}.`, firstId + sector, sector)
  }
  const third = count - top - second
  for (let i = 0; i < third; i += 1) {
    const parent = top + (i % second)
    const round = Math.floor(i / second)
    const qualifier = QUALIFIERS[round % QUALIFIERS.length]
    const suffix = round >= QUALIFIERS.length ? ` ${Math.floor(round / QUALIFIERS.length) + 1}` : ''
    const name = `${qualifier} ${names[parent]}${suffix}`
    add(
      name,
      `${name}, a kind of ${names[parent].toLowerCase()}.`,
      firstId + parent,
      sectorOf[parent],
    )
  }

  // Rows link to the deepest level there is (a sector without one links to its top level).
  const deepest = third > 0 ? top + second : second > 0 ? top : 0
  const bySector: number[][] = Array.from({ length: top }, () => [])
  for (let index = deepest; index < count; index += 1) {
    bySector[sectorOf[index]].push(firstId + index)
  }
  bySector.forEach((ids, sector) => {
    if (ids.length === 0) ids.push(firstId + sector)
  })
  return { batch, bySector, known: true }
}

/** The n-th name of a list, with " 2", " 3"... once the list runs out. */
function numbered(list: string[], n: number): string {
  const round = Math.floor(n / list.length)
  return round === 0 ? list[n % list.length] : `${list[n % list.length]} ${round + 1}`
}

/** Distinct ids from `pool`: one (50%), two (35%) or three (15%), never more than it holds. */
function pickCategories(pool: number[], random: Random): number[] {
  const draw = random.next()
  const wanted = Math.min(pool.length, draw < 0.5 ? 1 : draw < 0.85 ? 2 : 3)
  const picked: number[] = []
  while (picked.length < wanted) {
    const id = random.pick(pool)
    if (!picked.includes(id)) picked.push(id)
  }
  return picked
}

function categoriesFor(targets: CategoryTargets, sector: number, random: Random): number[] {
  return pickCategories(targets.bySector[sector % targets.bySector.length], random)
}

/** How many sectors providers are spread over: both category trees must have each of them. */
export function sectorCount(...trees: CategoryTargets[]): number {
  return Math.min(SECTORS.length, ...trees.filter((t) => t.known).map((t) => t.bySector.length))
}

// ---------------------------------------------------------------------------------------------
// Providers.

/** Each sector's trades for use mid-sentence: "event caterers", but "DJs" and "AC technicians". */
const TRADES = SECTORS.map((sector) =>
  sector.trades.map((trade) => trade.replace(/\b[A-Z][a-z]+/g, (word) => word.toLowerCase())),
)

export interface ProviderOptions {
  count: number
  firstId: number
  batchSize: number
  categories: CategoryTargets
  sectors: number
  seed: number
  now: number
}

/** How many rows were made, and how many of them carry each search term. */
export interface TermTally {
  products: number
  providers: number
  terms: Record<string, number>
}

function tallyTerm(tally: TermTally, term: string) {
  tally.terms[term] = (tally.terms[term] ?? 0) + 1
}

export interface ProviderBatch {
  providers: Batch
  links: Batch
}

/** Batches of providers; `sectorOf` receives each one's sector (products follow it). */
export function* providerBatches(
  options: ProviderOptions,
  sectorOf: Uint8Array,
  tally: TermTally,
): Generator<ProviderBatch> {
  const { count, firstId, now } = options
  const random = new Random(options.seed ^ 0x5eed0001)
  const starts = tierDeck(random, 'selective', 'medium')
  const suffixes = tierDeck(random, 'broad')
  const domains = tierDeck(random, 'selective', 'medium', 'broad')
  const cities = PLACES.flatMap(([state, list]) => list.map((city) => [state, city] as const))
  for (let start = 0; start < count; start += options.batchSize) {
    const providers = emptyBatch(TABLES.providers)
    const links = emptyBatch(TABLES.providerLinks)
    const end = Math.min(count, start + options.batchSize)
    for (let index = start; index < end; index += 1) {
      const id = firstId + index
      const sector = random.int(options.sectors)
      sectorOf[index] = sector
      const first = random.pick(FIRST_NAMES)
      const last = random.pick(LAST_NAMES)
      const [state, city] = random.pick(cities)
      const startTier = starts.draw()
      const brandStart =
        startTier === 'selective'
          ? RARE_BRAND_START
          : startTier === 'medium'
            ? MEDIUM_BRAND_START
            : random.pick(BRAND_STARTS)
      const broadSuffix = suffixes.draw() === 'broad'
      const suffix = broadSuffix ? BROAD_BRAND_SUFFIX : random.pick(BRAND_SUFFIXES)
      const brand = `${brandStart} ${SECTORS[sector].brandWord} ${suffix}${random.chance(0.3) ? ` ${city}` : ''}`
      const domain = domains.draw()
      const email = emailAddress(first, last, id, domain, random)
      tally.providers += 1
      if (startTier !== 'other') tallyTerm(tally, SEARCH_TERMS.brandName[startTier])
      if (broadSuffix) tallyTerm(tally, SEARCH_TERMS.brandName.broad)
      if (domain !== 'other') tallyTerm(tally, SEARCH_TERMS.email[domain])
      const created = createdAt(index, count, now)
      pushRow(providers, [
        id,
        first,
        last,
        brand,
        email,
        email.trim().toLowerCase(),
        phoneNumber(random),
        state,
        city,
        `${1 + random.int(120)} ${random.pick(STREETS)}`,
        random.chance(0.4) ? random.pick(ADDRESS_LINE2) : null,
        `${brand} serves ${city}, ${state}: ${random.pick(TRADES[sector])} you can trust. ${random.pick(ABOUT_SENTENCES)}`,
        random.chance(0.95) ? 1 : 0,
        created,
        updatedAt(created, now, random),
      ])
      for (const categoryId of categoriesFor(options.categories, sector, random)) {
        pushRow(links, [id, categoryId])
      }
    }
    yield { providers, links }
  }
}

/** first.last.<id>@domain (the id keeps it unique); one in twenty in mixed case. */
function emailAddress(first: string, last: string, id: number, tier: Tier, random: Random) {
  const domain = tier === 'other' ? pickWeighted(OTHER_EMAIL_DOMAINS, random) : EMAIL_TIERS[tier]
  const address = `${first}.${last}.${id}@${domain}`
  return random.chance(0.05) ? address : address.toLowerCase()
}

function pickWeighted<T>(choices: Array<[T, number]>, random: Random): T {
  let draw = random.next()
  for (const [value, share] of choices) {
    draw -= share
    if (draw < 0) return value
  }
  return choices[choices.length - 1][0]
}

function phoneNumber(random: Random): string {
  const digits = (n: number) => String(random.int(10 ** n)).padStart(n, '0')
  return `+234 ${random.pick(['803', '806', '813', '816', '703', '706', '805', '807', '905', '909'])} ${digits(3)} ${digits(4)}`
}

// ---------------------------------------------------------------------------------------------
// Products.

export interface ProductOptions {
  count: number
  firstId: number
  batchSize: number
  categories: CategoryTargets
  /** The providers to attach products to: the ids made in this run, or those already there. */
  providerIds: ArrayLike<number>
  /** Their sectors; empty when unknown (products then get a random sector). */
  providerSectors: Uint8Array
  sectors: number
  seed: number
  now: number
}

export interface ProductBatch {
  products: Batch
  links: Batch
}

export function* productBatches(
  options: ProductOptions,
  tally: TermTally,
): Generator<ProductBatch> {
  const terms = SEARCH_TERMS.productName
  const { count, firstId, now, providerIds } = options
  const random = new Random(options.seed ^ 0x5eed0002)
  const items = tierDeck(random, 'selective')
  const qualities = tierDeck(random, 'medium')
  const formats = tierDeck(random, 'broad')
  const providers = providerIds.length
  // Some providers sell far more than others (index ~ u²), scattered over the id range by a
  // multiplier coprime with the count, so the big sellers are not all the oldest providers.
  const spread = coprimeMultiplier(providers)
  for (let start = 0; start < count; start += options.batchSize) {
    const products = emptyBatch(TABLES.products)
    const links = emptyBatch(TABLES.productLinks)
    const end = Math.min(count, start + options.batchSize)
    for (let index = start; index < end; index += 1) {
      const id = firstId + index
      const u = random.next()
      const providerIndex = (Math.floor(providers * u * u) * spread) % providers
      const sector =
        options.providerSectors.length > 0
          ? options.providerSectors[providerIndex]
          : random.int(options.sectors)
      const words = SECTORS[sector]
      const rare = items.draw() === 'selective'
      const premium = qualities.draw() === 'medium'
      const broad = formats.draw() === 'broad'
      const item = rare ? RARE_ITEM : random.pick(words.items)
      const format = broad ? BROAD_FORMAT : random.pick(words.formats)
      const name = `${premium ? MEDIUM_QUALITY : random.pick(QUALITIES)} ${item} ${format}`
      tally.products += 1
      if (rare) tallyTerm(tally, terms.selective)
      if (premium) tallyTerm(tally, terms.medium)
      if (broad) tallyTerm(tally, terms.broad)
      const fixed = random.chance(0.7)
      const base = priceKobo(random)
      const max = fixed ? null : roundPrice(base * (1.3 + random.next() * 2.7))
      const rated = random.chance(0.75)
      const created = createdAt(index, count, now)
      pushRow(products, [
        id,
        providerIds[providerIndex],
        name,
        `${name} from trusted ${random.pick(TRADES[sector])}. ${random.pick(DESCRIPTION_SENTENCES)}`,
        fixed ? 'Fixed' : 'Range',
        fixed ? base : null,
        fixed ? null : base,
        max,
        random.pick(DELIVERY_DAYS),
        random.chance(0.92) ? 1 : 0,
        rated ? rating(random) : 0,
        rated ? 1 + Math.floor(Math.exp(random.next() * 7.6)) : 0,
        created,
        updatedAt(created, now, random),
      ])
      for (const categoryId of categoriesFor(options.categories, sector, random)) {
        pushRow(links, [id, categoryId])
      }
    }
    yield { products, links }
  }
}

const DELIVERY_DAYS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 7, 7, 10, 14, 21, 30]

/** ₦500 to ₦2,000,000, log-uniform, rounded the way shops price; one in twenty ends in ,99. */
function priceKobo(random: Random): number {
  const naira = Math.exp(Math.log(500) + random.next() * Math.log(4000))
  const kobo = roundPrice(naira * 100)
  return random.chance(0.05) ? kobo - 1 : kobo
}

function roundPrice(kobo: number): number {
  const step = kobo < 1_000_000 ? 5_000 : kobo < 10_000_000 ? 50_000 : 500_000
  return Math.max(step, Math.round(kobo / step) * step)
}

/** Mostly good (around 4.2), one decimal, 1 to 5. */
function rating(random: Random): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next())
  return Math.min(5, Math.max(1, Math.round((4.2 + normal * 0.6) * 10) / 10))
}

/** A prime below 2²¹ (so index × multiplier stays an exact integer), moved until coprime. */
function coprimeMultiplier(n: number): number {
  let multiplier = 1_000_003
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  while (n > 1 && gcd(multiplier % n, n) !== 1) multiplier += 2
  return multiplier
}

// ---------------------------------------------------------------------------------------------

export function emptyBatch(table: TableSpec): Batch {
  return { table, columns: table.columns.map(() => []), length: 0 }
}

function pushRow(batch: Batch, row: unknown[]) {
  for (let c = 0; c < row.length; c += 1) batch.columns[c].push(row[c])
  batch.length += 1
}

/**
 * Fails when a search term could match words other than the one placed on purpose, which would
 * make its documented share wrong (someone edited a word list).
 */
export function checkWordLists(): void {
  const sectorWords = (pick: (s: (typeof SECTORS)[number]) => string[]) => SECTORS.flatMap(pick)
  const productWords = [...QUALITIES, ...sectorWords((s) => [...s.items, ...s.formats])]
  const brandWords = [...BRAND_STARTS, ...BRAND_SUFFIXES, ...sectorWords((s) => [s.brandWord])]
  const cityWords = PLACES.flatMap(([, cities]) => cities)
  const emailWords = [
    ...FIRST_NAMES,
    ...LAST_NAMES,
    ...OTHER_EMAIL_DOMAINS.map(([domain]) => domain),
    ...Object.values(EMAIL_TIERS),
  ]
  const product = [...productWords, RARE_ITEM, MEDIUM_QUALITY, BROAD_FORMAT]
  const brand = [
    ...brandWords,
    ...cityWords,
    RARE_BRAND_START,
    MEDIUM_BRAND_START,
    BROAD_BRAND_SUFFIX,
  ]
  const checks: Array<[string, string[], string]> = [
    [SEARCH_TERMS.productName.selective, product, RARE_ITEM],
    [SEARCH_TERMS.productName.medium, product, MEDIUM_QUALITY],
    [SEARCH_TERMS.productName.broad, product, BROAD_FORMAT],
    [SEARCH_TERMS.brandName.selective, brand, RARE_BRAND_START],
    [SEARCH_TERMS.brandName.medium, brand, MEDIUM_BRAND_START],
    [SEARCH_TERMS.brandName.broad, brand, BROAD_BRAND_SUFFIX],
    [SEARCH_TERMS.email.selective, emailWords, EMAIL_TIERS.selective],
    [SEARCH_TERMS.email.medium, emailWords, EMAIL_TIERS.medium],
    [SEARCH_TERMS.email.broad, emailWords, EMAIL_TIERS.broad],
  ]
  for (const [term, words, intended] of checks) {
    const stray = words.filter((w) => w.toLowerCase().includes(term) && w !== intended)
    if (stray.length > 0) throw new Error(`Search term "${term}" also matches ${stray.join(', ')}`)
  }
}
