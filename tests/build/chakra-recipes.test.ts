// src/app/system.ts registers only the Chakra recipes the app uses; a component whose recipe is
// missing renders unstyled without any warning. Chakra components name their recipe in their own
// code (`createRecipeContext({ key: "button" })`), and that survives minification, so the built
// chunks say which recipes the shipped components need.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultConfig } from '@chakra-ui/react'
import { describe, expect, it } from 'vitest'
import { recipes, slotRecipes } from '../../src/app/system'

const assets = join('dist', 'assets')
const code = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .map((file) => readFileSync(join(assets, file), 'utf8'))
  .join('\n')

const chakraRecipes = new Set([
  ...Object.keys(defaultConfig.theme?.recipes ?? {}),
  ...Object.keys(defaultConfig.theme?.slotRecipes ?? {}),
])
const keysInBuild = new Set(
  [...code.matchAll(/\bkey:\s*["'`](\w+)["'`]/g)]
    .map((match) => match[1])
    .filter((key) => chakraRecipes.has(key)),
)
const registered = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)])

describe('Chakra recipes', () => {
  it('finds the recipe keys of the components the build ships', () => {
    expect(keysInBuild).toContain('button')
    expect(keysInBuild).toContain('card')
  })

  it('registers every recipe a shipped component uses', () => {
    expect([...keysInBuild].filter((key) => !registered.has(key))).toEqual([])
  })

  it('registers no recipe that nothing uses', () => {
    expect([...registered].filter((key) => !keysInBuild.has(key))).toEqual([])
  })
})
