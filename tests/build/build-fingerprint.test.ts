// The record of what the web build was made from (issue #11): `npm start` rebuilds when a schema
// or the validator generator changed since the build, and says which file.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  changedInputs,
  currentFingerprint,
  FINGERPRINT_FILE,
  staleBuildReason,
} from '../../scripts/build-fingerprint'

// The inputs of the fingerprint, copied to a throwaway root the test can edit.
const root = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'))
for (const part of ['schemas', 'scripts', 'src/forms', 'server/db']) {
  cpSync(part, path.join(root, part), { recursive: true })
}
cpSync('node_modules/ajv/package.json', path.join(root, 'node_modules/ajv/package.json'))
cpSync(
  'node_modules/@rjsf/validator-ajv8/package.json',
  path.join(root, 'node_modules/@rjsf/validator-ajv8/package.json'),
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const record = () => {
  mkdirSync(path.join(root, 'dist/.vite'), { recursive: true })
  writeFileSync(path.join(root, 'dist', FINGERPRINT_FILE), JSON.stringify(currentFingerprint(root)))
}

describe('build fingerprint', () => {
  test('covers every schema file, the validator generator and what it imports', () => {
    const inputs = Object.keys(currentFingerprint(root))
    expect(inputs).toEqual(
      expect.arrayContaining([
        'schemas/product.json',
        'schemas/product.ui.json',
        'scripts/form-validators-plugin.ts',
        'src/forms/form-schema.ts',
        'npm:ajv',
        'npm:@rjsf/validator-ajv8',
      ]),
    )
  })

  test('no build, a current build, an edited schema, an edited generator', () => {
    expect(staleBuildReason(root)).toMatch(/^No up-to-date web build found/)
    record()
    expect(staleBuildReason(root)).toBeUndefined()

    writeFileSync(path.join(root, 'schemas/product.ui.json'), '{"common": {}}\n')
    expect(staleBuildReason(root)).toBe(
      'schemas/product.ui.json changed since the web app was built: rebuilding it…',
    )
    record()
    writeFileSync(path.join(root, 'src/forms/form-schema.ts'), '// changed\n')
    writeFileSync(path.join(root, 'schemas/new-form.json'), '{}\n')
    expect(staleBuildReason(root)).toBe(
      'schemas/new-form.json and 1 other input(s) changed since the web app was built: rebuilding it…',
    )
  })

  test('a removed input counts as a change', () => {
    expect(
      changedInputs({ 'schemas/a.json': '1', 'schemas/b.json': '2' }, { 'schemas/a.json': '1' }),
    ).toEqual(['schemas/b.json'])
  })
})
