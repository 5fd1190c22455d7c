// dist/login.html (scripts/prerender-sign-in.ts), checked on the build `npm test` makes first:
// the built index.html with the sign-in page painted into #root, which /login answers.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SIGN_IN_HTML } from '../../server/web'

const index = readFileSync('dist/index.html', 'utf8')
const signIn = readFileSync(`dist/${SIGN_IN_HTML}`, 'utf8')
const [before, after] = index.split('<div id="root"></div>')

describe('the sign-in page painted at build time', () => {
  it('is index.html (the same scripts and styles) with the page in #root', () => {
    expect(after).toBeDefined()
    expect(signIn.startsWith(`${before}<div id="root"><`)).toBe(true)
    expect(signIn.endsWith(`</div>${after}`)).toBe(true)
  })

  it("holds the page's texts and fields, which cannot be used until its code has run", () => {
    const root = signIn.slice(before.length)
    for (const text of ['Marketplace Admin', 'Admin Console', 'Sign in to continue', 'Sign in']) {
      expect(root).toContain(`>${text}<`)
    }
    const controls = root.match(/<(input|button)\b[^>]*>/g) ?? []
    expect(controls.map((control) => control.match(/name="(\w+)"|type="(\w+)"/)?.[0])).toEqual([
      'name="username"',
      'type="password"',
      'type="submit"',
    ])
    for (const control of controls) expect(control).toContain('disabled=""')
    expect(root).not.toMatch(/<script/)
    // Shown once parsed to this last element (src/app/plain.css, .plain-painted).
    expect(root).toMatch(/<\/main><span class="plain-painted-end"><\/span><\/div><\/div>/)
  })
})
