// Moving through a page the way a keyboard user does: Tab until the wanted control has focus.
import type { Locator, Page } from 'playwright-core'

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement)

/** Presses Tab (at most `limit` times) until `target` has focus; fails if it never gets it. */
export async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  await target.waitFor()
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return
    await page.keyboard.press('Tab')
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))
  throw new Error(`${target} never got focus in ${limit} Tabs; focus is on ${focused}`)
}

/** Whether the focused element draws a focus indicator (an outline or a ring shadow). */
export function showsFocus(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return false
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    return outline || style.boxShadow !== 'none'
  })
}
