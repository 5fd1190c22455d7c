// src/app/system.ts keeps only the colour palettes the app names (`palettes`); a component asking
// for another one (`colorPalette="pink"`, `cyan.fg`) would render without colours, without any
// warning. Palette names survive minification as strings, in the app's code and in Chakra's own
// (an alert's status picks its palette), so the built chunks say which palettes are named.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chakraPalettes, palettes, system } from '../../src/app/system'

const assets = join('dist', 'assets')
const code = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(assets, file), 'utf8'))
  .join('\n')

/** The palettes a quoted string of the build names: "teal", `red.fg`. */
const namedInBuild = new Set(
  [...code.matchAll(/["'`]([a-z]+)(?:\.[\w.]+)?["'`]/g)]
    .map((match) => match[1])
    .filter((name) => chakraPalettes.includes(name)),
)

describe('Chakra colour palettes', () => {
  it("knows Chakra's palettes and finds the ones the build names", () => {
    expect(chakraPalettes).toEqual(expect.arrayContaining(['teal', 'gray', 'pink', 'cyan']))
    expect(namedInBuild).toContain('teal')
    expect(namedInBuild).toContain('red')
  })

  it('keeps every palette the build names', () => {
    expect([...namedInBuild].filter((name) => !palettes.includes(name))).toEqual([])
  })

  it('leaves the others out of the system', () => {
    const kept = chakraPalettes.filter((name) => system.tokens.getByName(`colors.${name}.500`))
    expect(kept.sort()).toEqual([...palettes].sort())
    expect(system.token('colors.teal.fg')).toBeDefined()
  })
})
