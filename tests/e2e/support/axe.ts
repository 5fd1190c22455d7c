// axe-core in the page under test, reporting the violations an operator would trip over.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** Waits until every finite CSS animation and transition (a dialog fading in) is over, so
 * colours are measured at rest; endless ones (spinners, the crop outline) never end. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
}

/** The page's serious and critical axe violations, one line per rule with the nodes it hit. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page)
  // The strict CSP refuses an injected <script> tag; code evaluated over CDP is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  )
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const why = node.failureSummary?.replace(/\s+/g, ' ')
        return why ? `${node.target.join(' ')} [${why}]` : node.target.join(' ')
      })
      return `${violation.id} (${violation.impact}): ${violation.help} — ${nodes.join('; ')}`
    })
}
