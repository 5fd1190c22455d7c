// What a new operator found on narrow and middling screens (issue 30), measured in a real
// Chromium against the real server: list tables at 768, 1024 and 1280 px keep every header whole
// and every column wide enough to read, scrolling sideways instead; detail pages at 320 px keep
// everything inside their cards, names whole and e-mails broken at sensible points; on a phone
// the lists' filters fold behind "Filters (N)" so the first card shows on the first screen.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiPost, apiProvider, unique } from './support/api'
import { seriousViolations } from './support/axe'
import { launchBrowser, openSignedInPage, screenshot } from './support/browser'

let browser: Browser
const tag = unique('lay').replace(' ', '').toLowerCase()
const brand = `Oluwaseun Premium Cleaning ${tag}`
const email = `oluwaseun.review.${tag}@example.com`
let providerId: number
let productId: number

beforeAll(async () => {
  browser = await launchBrowser()
  const categoryIds: number[] = []
  for (const name of ['Beauty and Wellness', 'Home Cleaning Services', 'Events']) {
    const { id } = await apiPost('/service-provider-categories', {
      name: `${name} ${tag}`,
      description: 'For the layout checks',
      parentId: null,
    })
    categoryIds.push(id)
  }
  ;({ id: providerId } = await apiProvider(tag, {
    firstName: 'Oluwaseunfunmilayo',
    lastName: 'Adebayo',
    brandName: brand,
    email,
    serviceProviderCategoryIds: categoryIds,
  }))
  ;({ id: productId } = await apiPost('/products', {
    name: `Deep clean ${tag}`,
    description: 'Every room, top to bottom.',
    pricing: 'Range',
    minPrice: 25000,
    maxPrice: 180000,
    estimatedDeliveryDays: 3,
    enabled: true,
    productCategoryIds: [],
    serviceProviderId: providerId,
  }))
})
afterAll(async () => {
  await browser?.close()
})

interface TableMeasure {
  headers: { name: string; width: number; whole: boolean }[]
  /** The first row's text cells: how wide each is. */
  cells: { column: string; width: number }[]
  scrolls: boolean
  overflowX: string
  pageFits: boolean
}

/** The table's header and first-row widths, whether its wrapper scrolls and the page does not. */
function measureTable(table: Locator): Promise<TableMeasure> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) => ({
      name: th.textContent?.trim() ?? '',
      width: th.getBoundingClientRect().width,
      whole: th.scrollWidth <= th.clientWidth,
    }))
    const firstRow = element.querySelector('tbody tr')
    const cells = [...(firstRow?.querySelectorAll('td') ?? [])].flatMap((td, index) =>
      td.hasAttribute('title')
        ? [{ column: headers[index]?.name ?? '', width: td.getBoundingClientRect().width }]
        : [],
    )
    const wrapper = element.parentElement as HTMLElement
    return {
      headers,
      cells,
      scrolls: wrapper.scrollWidth > wrapper.clientWidth,
      overflowX: getComputedStyle(wrapper).overflowX,
      pageFits: document.documentElement.scrollWidth <= window.innerWidth,
    }
  })
}

describe.each([768, 1024, 1280])('list tables at %i px', (width) => {
  let page: Page
  let problems: string[]
  beforeAll(async () => {
    ;({ page, problems } = await openSignedInPage(browser, { width }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it.each([
    [
      'service providers',
      `/service-providers?brandName=${encodeURIComponent(tag)}`,
      'Service providers',
    ],
    ['products', `/products?name=${encodeURIComponent(tag)}`, 'Products'],
  ])('the %s table keeps every header whole and every column readable', async (_, path, name) => {
    await page.goto(path)
    await page.getByRole('article').first().waitFor()
    await page.getByRole('button', { name: 'Table' }).click()
    const table = page.getByRole('table', { name })
    await table.locator('tbody tr').first().waitFor()
    const measured = await measureTable(table)
    for (const header of measured.headers.filter((h) => h.name !== '')) {
      expect(header, `${header.name} header`).toMatchObject({ whole: true })
      expect(header.width, `${header.name} header`).toBeGreaterThanOrEqual(64)
    }
    // Several characters of each value: never "B." (the Category column had 0–22 px).
    for (const cell of measured.cells) {
      expect(cell.width, `${cell.column} cell`).toBeGreaterThanOrEqual(88)
    }
    expect(measured.overflowX).toBe('auto')
    // Where the columns do not fit, the table scrolls, not the page.
    if (width < 1280) expect(measured.scrolls).toBe(true)
    expect(measured.pageFits).toBe(true)
    await screenshot(page, `layout-table-${name.replace(' ', '-').toLowerCase()}-${width}`)
    expect(await seriousViolations(page)).toEqual([])
    // Back to cards for the next list and width (the view is remembered per list).
    await page.getByRole('button', { name: 'Cards' }).click()
    expect(problems).toEqual([])
  })
})

/** Elements inside `card` that reach past its left or right edge (by more than half a pixel). */
function overflowing(card: Locator): Promise<string[]> {
  return card.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return [...element.querySelectorAll('*')].flatMap((child) => {
      const rect = child.getBoundingClientRect()
      if (rect.width === 0 && rect.height === 0) return []
      if (rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5) return []
      return [`${child.tagName.toLowerCase()} "${child.textContent?.slice(0, 40)}"`]
    })
  })
}

/** How many lines `word` takes inside `element` (its text split by the line boxes it falls on). */
function linesOfWord(element: Locator, word: string): Promise<number> {
  return element.evaluate((heading, text) => {
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent?.indexOf(text) ?? -1
      if (start < 0) continue
      const range = document.createRange()
      range.setStart(node, start)
      range.setEnd(node, start + text.length)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }
    return 0
  }, word)
}

/** The text of each line `element` shows, for where its text breaks. */
function shownLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines = new Map<number, string>()
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        lines.set(top, (lines.get(top) ?? '') + text[index])
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, line]) => line)
  })
}

describe('detail pages at 320 px', () => {
  let page: Page
  let problems: string[]
  beforeAll(async () => {
    ;({ page, problems } = await openSignedInPage(browser, { width: 320, height: 720 }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it("a provider's name keeps its longest word whole; nothing leaves its card", async () => {
    await page.goto(`/service-providers/${providerId}`)
    const title = page.getByRole('heading', { level: 1, name: 'Oluwaseunfunmilayo Adebayo' })
    await title.waitFor()
    expect(await linesOfWord(title, 'Oluwaseunfunmilayo')).toBe(1)
    for (const section of ['Contact Details', 'Brand', 'Service Categories']) {
      expect(await overflowing(page.getByRole('region', { name: section })), section).toEqual([])
    }
    // The e-mail breaks after its @ or before a dot, not inside a word.
    const value = page.getByRole('region', { name: 'Contact Details' }).locator('dd').first()
    const lines = await shownLines(value)
    expect(lines.join('')).toBe(email)
    for (const [index, line] of lines.slice(0, -1).entries()) {
      expect(line.endsWith('@') || lines[index + 1].startsWith('.'), lines.join(' / ')).toBe(true)
    }
    await screenshot(page, 'layout-provider-320')
    expect(await seriousViolations(page)).toEqual([])
  })

  it("a product's provider link and Range badge stay inside the card", async () => {
    await page.goto(`/products/${productId}`)
    await page.getByRole('heading', { level: 1, name: `Deep clean ${tag}` }).waitFor()
    const card = page.locator('.chakra-card__root').filter({ has: page.locator('dl') })
    await card.getByRole('link', { name: brand }).waitFor()
    await card.getByText('Range', { exact: true }).waitFor()
    expect(await overflowing(card)).toEqual([])
    await screenshot(page, 'layout-product-320')
    expect(await seriousViolations(page)).toEqual([])
    expect(problems).toEqual([])
  })
})

describe('lists on a 375 px phone', () => {
  let page: Page
  let problems: string[]
  beforeAll(async () => {
    ;({ page, problems } = await openSignedInPage(browser, { width: 375, height: 812 }))
  })
  afterAll(async () => {
    await page?.context().close()
  })

  it.each([
    // The providers' status filter is Enabled unless asked otherwise: it narrows, so it counts.
    [
      'service providers',
      `/service-providers?brandName=${encodeURIComponent(tag)}`,
      2,
      'Brand Name',
    ],
    ['products', `/products?name=${encodeURIComponent(tag)}`, 1, 'Name'],
  ])(
    '%s: the first card is on the first screen, the filters folded',
    async (list, path, count, field) => {
      await page.goto(path)
      const firstCard = page.getByRole('article').first()
      await firstCard.waitFor()
      const top = await firstCard.evaluate((card) => card.getBoundingClientRect().top)
      expect(top).toBeLessThan(400)
      const toggle = page.getByRole('button', { name: `Filters (${count})` })
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await screenshot(page, `layout-filters-folded-${list.replace(' ', '-')}-375`)
      await toggle.click()
      const input = page
        .getByRole('textbox', { name: field })
        .or(page.getByRole('searchbox', { name: field }))
      await input.waitFor()
      expect(await input.inputValue()).toBe(tag)
      await screenshot(page, `layout-filters-open-${list.replace(' ', '-')}-375`)
      expect(await seriousViolations(page)).toEqual([])
      expect(problems).toEqual([])
    },
  )
})
