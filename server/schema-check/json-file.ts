// Reads one schema file as JSON; broken JSON is reported with its line and column.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SchemaProblem } from './problem'

export type Json = Record<string, unknown>

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export type ParsedFile = { file: string; json: unknown } | { file: string; problem: SchemaProblem }

export function readJsonFile(dir: string, file: string): ParsedFile {
  const text = readFileSync(path.join(dir, file), 'utf8')
  try {
    return { file, json: JSON.parse(text) }
  } catch (error) {
    const reason = (error as Error).message
    // V8 says "… in JSON at position 123" (and, on newer Node, "(line 4 column 5)").
    const at = /position (\d+)/.exec(reason)
    const offset = at ? Number(at[1]) : text.length
    const before = text.slice(0, offset).split('\n')
    const line = before.length
    const column = (before[before.length - 1]?.length ?? 0) + 1
    const plain = reason
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/^JSON\.parse: /, '')
      .replace(/ \(line \d+ column \d+\)$/, '')
    return {
      file,
      problem: {
        file,
        where: `line ${line}, column ${column}`,
        message: `this is not valid JSON: ${plain}. Look for a missing or extra comma, quote or bracket here or just before.`,
      },
    }
  }
}
