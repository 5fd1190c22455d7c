import { type Kysely, sql } from 'kysely'
import type { Database, Db } from '../db/types'
import { HttpError } from '../errors'
import { type Changes, type HistoryAction, recordHistory } from '../lib/history'
import {
  hashRecoveryCode,
  looksLikeTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  totpStep,
} from './totp'

// Two-factor sign-in over the operators table (migration 017): a secret is pending while
// `two_factor` is 0 and in force once it is 1; `totp_last_step` makes each code single use;
// recovery codes are kept as SHA-256 only. Every check that must hold under concurrency is one
// conditional UPDATE or DELETE, so two requests with the same code cannot both pass.

/** Whose history a two-factor change goes in: the operator's own (`changes` never hold a secret). */
const ENTITY = 'operator'

function record(db: Db, operatorId: number, action: HistoryAction, changes: Changes) {
  return recordHistory(db, { operatorId, entity: ENTITY, entityId: operatorId, action, changes })
}

const TURNED_ON = { twoFactor: { before: false, after: true } }
const TURNED_OFF = { twoFactor: { before: true, after: false } }

/** Starts (or restarts) set-up with a new pending secret; 409 when two-factor is already on. */
export async function startTwoFactorSetup(db: Kysely<Database>, operatorId: number) {
  const secret = newTotpSecret()
  const result = await db
    .updateTable('operators')
    .set({ totpSecret: secret, totpLastStep: null })
    .where('id', '=', operatorId)
    .where('twoFactor', '=', 0)
    .executeTakeFirst()
  if (result.numUpdatedRows === 0n) throw new HttpError(409, 'Two-factor sign-in is already on')
  return secret
}

/**
 * Turns two-factor on when `code` is a code of the pending secret, and answers the recovery
 * codes (shown once). The code's step counts as used, so it cannot sign in afterwards.
 */
export async function confirmTwoFactor(
  db: Kysely<Database>,
  operatorId: number,
  code: string,
  now: number,
): Promise<string[]> {
  const row = await db
    .selectFrom('operators')
    .select(['twoFactor', 'totpSecret'])
    .where('id', '=', operatorId)
    .executeTakeFirstOrThrow()
  if (row.twoFactor) throw new HttpError(409, 'Two-factor sign-in is already on')
  if (!row.totpSecret) throw new HttpError(409, 'Start two-factor set-up first')
  const step = totpStep(row.totpSecret, code, now)
  if (step === undefined) throw new HttpError(400, INVALID_CODE)
  const codes = newRecoveryCodes()
  const secret = row.totpSecret
  await db.transaction().execute(async (trx) => {
    // Only the secret the code was checked against: a set-up restarted meanwhile wins.
    const result = await trx
      .updateTable('operators')
      .set({ twoFactor: 1, totpLastStep: step })
      .where('id', '=', operatorId)
      .where('twoFactor', '=', 0)
      .where('totpSecret', '=', secret)
      .executeTakeFirst()
    if (result.numUpdatedRows === 0n) {
      throw new HttpError(409, 'Two-factor set-up changed meanwhile: start it again')
    }
    await trx.deleteFrom('recoveryCodes').where('operatorId', '=', operatorId).execute()
    await trx
      .insertInto('recoveryCodes')
      .values(codes.map((one) => ({ operatorId, codeHash: hashRecoveryCode(one) })))
      .execute()
    await record(trx, operatorId, 'two-factor-on', TURNED_ON)
  })
  return codes
}

export const INVALID_CODE = 'Invalid authentication code'

/**
 * Whether `code` is the operator's current TOTP code, not used before (its step must be newer
 * than the last accepted one, set in the same statement), or one of their unused recovery
 * codes (deleted as it is accepted, and recorded in history).
 */
export async function acceptSecondFactor(
  db: Kysely<Database>,
  operator: { id: number; totpSecret: string | null },
  code: string,
  now: number,
): Promise<boolean> {
  if (!operator.totpSecret) return false
  if (!looksLikeTotpCode(code)) return spendRecoveryCode(db, operator.id, code)
  const step = totpStep(operator.totpSecret, code, now)
  if (step === undefined) return false
  // Compare-and-set: of two requests with the same code, only one updates the row.
  const result = await db
    .updateTable('operators')
    .set({ totpLastStep: step })
    .where('id', '=', operator.id)
    .where('twoFactor', '=', 1)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

async function spendRecoveryCode(db: Kysely<Database>, operatorId: number, code: string) {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('recoveryCodes')
      .where('operatorId', '=', operatorId)
      .where('codeHash', '=', hashRecoveryCode(code))
      .executeTakeFirst()
    if (deleted.numDeletedRows === 0n) return false
    const left = await trx
      .selectFrom('recoveryCodes')
      .select(sql<number>`count(*)`.as('count'))
      .where('operatorId', '=', operatorId)
      .executeTakeFirstOrThrow()
    const after = Number(left.count)
    await record(trx, operatorId, 'recovery-code-used', {
      recoveryCodesLeft: { before: after + 1, after },
    })
    return true
  })
}

/** Turns two-factor off: the secret, the last step and the recovery codes go. */
export async function turnOffTwoFactor(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('operators')
      .set({ twoFactor: 0, totpSecret: null, totpLastStep: null })
      .where('id', '=', operatorId)
      .where('twoFactor', '=', 1)
      .executeTakeFirst()
    await trx.deleteFrom('recoveryCodes').where('operatorId', '=', operatorId).execute()
    // A concurrent request turned it off first: recorded once.
    if (result.numUpdatedRows > 0n) await record(trx, operatorId, 'two-factor-off', TURNED_OFF)
  })
}

/** The operator's second-factor state, for the routes. */
export function findTwoFactor(db: Kysely<Database>, operatorId: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'twoFactor', 'totpSecret'])
    .where('id', '=', operatorId)
    .executeTakeFirstOrThrow()
}
