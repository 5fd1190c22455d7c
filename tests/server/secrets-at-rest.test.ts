import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { expect, test } from 'vitest'
import { verifyPassword } from '../../server/auth/passwords'
import { hashToken } from '../../server/auth/tokens'
import type { Database } from '../../server/db/types'
import { describeEachDatabase } from './support/databases'
import { providerApi } from './support/service-providers'

// A stolen database (or backup) must give no way in: no password and no live token in any
// column of any table, only their hashes.

interface Cell {
  where: string
  bytes: Buffer
}

/** Every value of every column of every table the database holds, as bytes. */
async function dumpDatabase(db: Kysely<Database>): Promise<Cell[]> {
  const cells: Cell[] = []
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  for (const table of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table.name)}`.execute(db)
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null) continue
        const bytes = Buffer.isBuffer(value) ? value : Buffer.from(String(value))
        cells.push({ where: `${table.name}.${column}`, bytes })
      }
    }
  }
  return cells
}

/** The forms a secret could be stored in and still be used. */
function encodings(secret: string): Buffer[] {
  const forms = [Buffer.from(secret), Buffer.from(Buffer.from(secret).toString('base64'))]
  if (/^[\w-]+$/.test(secret)) {
    // A base64url token: also its raw bytes, and those in hex or standard base64.
    const raw = Buffer.from(secret, 'base64url')
    forms.push(raw, Buffer.from(raw.toString('hex')), Buffer.from(raw.toString('base64')))
  }
  return forms
}

/** Where any form of the secret occurs in the cells. */
function leaks(cells: Cell[], secret: string): string[] {
  const forms = encodings(secret)
  return cells
    .filter((cell) => forms.some((form) => cell.bytes.includes(form)))
    .map((cell) => cell.where)
}

const SCRYPT = /^scrypt\$\d+\$\d+\$\d+\$[\w-]{16,}\$[\w-]{32,}$/
const SHA256_HEX = /^[0-9a-f]{64}$/

describeEachDatabase('secrets at rest', (suite) => {
  test('no table holds a password or a token, only their hashes', async () => {
    const app = await suite.makeApp()
    const { token, operator } = await suite.loginAsNewOperator(app)
    const loggedOut = await suite.login(app, operator.username, operator.password)
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${loggedOut}` },
    })
    // Some ordinary data too, in case a write ever records who made it or how.
    await providerApi(app, token).create({ serviceProviderCategoryIds: [] })

    const cells = await dumpDatabase(suite.db)
    const tablesRead = new Set(cells.map((cell) => cell.where.split('.')[0]))
    expect([...tablesRead]).toEqual(
      expect.arrayContaining(['operators', 'sessions', 'service_providers', 'kysely_migration']),
    )
    // The dump really reads the auth tables: it finds the username and this token's hash.
    expect(leaks(cells, operator.username)).toContain('operators.username')
    expect(leaks(cells, hashToken(token))).toContain('sessions.tokenHash')

    expect(leaks(cells, operator.password)).toEqual([])
    expect(leaks(cells, token)).toEqual([])
    expect(leaks(cells, loggedOut)).toEqual([])

    const sessions = await suite.db.selectFrom('sessions').select('tokenHash').execute()
    expect(sessions.length).toBeGreaterThan(0)
    for (const { tokenHash } of sessions) expect(tokenHash).toMatch(SHA256_HEX)
    const operators = await suite.db.selectFrom('operators').selectAll().execute()
    // '' while an invite is pending (other tests of this file leave some): no password matches it.
    for (const { passwordHash } of operators)
      expect(passwordHash).toMatch(passwordHash === '' ? /^$/ : SCRYPT)
    // And the stored hash is this password's, salted: not a random placeholder.
    const own = operators.find((row) => row.id === operator.id)
    expect(await verifyPassword(operator.password, own?.passwordHash ?? '')).toBe(true)
  })

  test('invite tokens and the passwords set with them are stored only as hashes', async () => {
    const app = await suite.makeApp()
    const { token } = await suite.loginAsNewOperator(app)
    const headers = { authorization: `Bearer ${token}` }
    const invite = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/operators',
        headers,
        payload: { username: `invited-${randomBytes(4).toString('hex')}`, role: 'editor' },
      })
      return response.json() as { id: number; inviteToken: string }
    }
    const used = await invite()
    const password = `set-${randomBytes(8).toString('hex')}`
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/auth/invite',
      payload: { inviteToken: used.inviteToken, password },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    const pending = await invite()
    const reset = await app.inject({
      method: 'POST',
      url: `/api/operators/${used.id}/reset-password`,
      headers,
    })
    const resetToken = reset.json().inviteToken as string

    const cells = await dumpDatabase(suite.db)
    for (const secret of [used.inviteToken, pending.inviteToken, resetToken, password]) {
      expect(leaks(cells, secret)).toEqual([])
    }
    expect(leaks(cells, accepted.json().token)).toEqual([])
    const stored = await suite.db
      .selectFrom('operators')
      .select(['id', 'inviteTokenHash'])
      .where('id', 'in', [used.id, pending.id])
      .orderBy('id')
      .execute()
    expect(stored.map((row) => row.inviteTokenHash)).toEqual([
      hashToken(resetToken),
      hashToken(pending.inviteToken),
    ])
    for (const row of stored) expect(row.inviteTokenHash).toMatch(SHA256_HEX)
  })

  // PostgreSQL's files belong to its server; the SQL dump above is what a thief would get. So
  // this test exists for SQLite only (defined, not skipped, so no skip shows in the counts).
  if (suite.dialect === 'sqlite')
    test('the SQLite files hold neither (WAL included)', async () => {
      const app = await suite.makeApp()
      const { token, operator } = await suite.loginAsNewOperator(app)
      await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${token}` },
      })
      const live = await suite.login(app, operator.username, operator.password)
      // Every file of the data directory, as a thief copying it would get them.
      const cells = readdirSync(suite.config.dataDir).map((name) => ({
        where: name,
        bytes: readFileSync(path.join(suite.config.dataDir, name)),
      }))
      expect(leaks(cells, hashToken(live)).length).toBeGreaterThan(0)
      expect(leaks(cells, operator.password)).toEqual([])
      expect(leaks(cells, token)).toEqual([])
      expect(leaks(cells, live)).toEqual([])
    })
})
