// The coverage check's guard rule, proved on copies of the crop machine: the crop suite's guard
// tests for `crop.apply` (a crop applied, a zero-size crop refused) are played on a copy whose
// `hasArea` is weakened and on one whose `crop.apply` has no guard, and the check must name
// `crop.apply` in both; on an unchanged copy it names nothing about it. Edge coverage alone
// reported 45/45 for both broken copies (issue 27).
import { describe, expect, it } from 'vitest'
import { cropMachine } from '../../src/machines/crop-machine'
import { cropSetup } from '../../src/machines/crop-setup'
import { cropped, cropping } from '../support/crop'
import { coverageGaps, sendRefused } from '../support/machines'

type CropMachine = typeof cropMachine
type Config = Parameters<typeof cropSetup.createMachine>[0]

/** A copy of the crop machine with its own definition object, so its findings are its own. */
const copyOf = (config: Config): CropMachine =>
  cropSetup.createMachine(config) as unknown as CropMachine

/** The crop machine with `crop.apply` in `active.cropping` written without its guard. */
function withoutApplyGuard(): CropMachine {
  const config = cropMachine.config as Config
  const states = config.states as Record<string, Config>
  const active = states.active as Config
  const activeStates = active.states as Record<string, Config>
  const croppingState = activeStates.cropping as Config
  const on = croppingState.on as Record<string, { guard?: unknown }>
  const { guard: _guard, ...apply } = on['crop.apply'] as { guard?: unknown }
  return copyOf({
    ...config,
    states: {
      ...states,
      active: {
        ...active,
        states: {
          ...activeStates,
          cropping: { ...croppingState, on: { ...on, 'crop.apply': apply } },
        },
      },
    },
  } as Config)
}

/** What the crop suite does with `crop.apply`: apply a crop; try one of zero size. */
async function cropApplyTests(machine: CropMachine) {
  await cropped({}, machine)
  const { actor } = await cropping({}, undefined, machine)
  actor.send({ type: 'crop.change', area: { x: 0, y: 0, width: 0, height: 0 } })
  sendRefused(actor, { type: 'crop.apply' })
}

const APPLY = 'active.cropping · crop.apply'
const mentionsApply = (gaps: string[]) => gaps.filter((gap) => gap.startsWith(APPLY))

describe('the coverage check names a weakened or removed guard', () => {
  it('an unchanged copy: crop.apply is tested both ways', async () => {
    const machine = copyOf(cropMachine.config as Config)
    await cropApplyTests(machine)
    const gaps = coverageGaps(machine)
    expect(mentionsApply([...gaps.guards, ...gaps.refusals])).toEqual([])
  })

  it('hasArea weakened to `area !== null`: its guarded edges never fail', async () => {
    const machine = cropMachine.provide({
      guards: { hasArea: ({ context }) => context.area !== null },
    })
    await cropApplyTests(machine)
    const gaps = coverageGaps(machine)
    expect(gaps.untaken.filter((edge) => edge.startsWith(APPLY))).toEqual([])
    expect(mentionsApply(gaps.guards)).toEqual([
      `${APPLY} [hasArea] → active.exporting.forPreview: no test where hasArea fails`,
    ])
    expect(mentionsApply(gaps.refusals)).toEqual([
      `${APPLY}: expected a guard to refuse it, but took ${APPLY} [hasArea] → active.exporting.forPreview`,
    ])
  })

  it('the guard removed from crop.apply: the expected refusal is named', async () => {
    const machine = withoutApplyGuard()
    await cropApplyTests(machine)
    const gaps = coverageGaps(machine)
    expect(gaps.untaken.filter((edge) => edge.startsWith(APPLY))).toEqual([])
    expect(mentionsApply(gaps.refusals)).toEqual([
      `${APPLY}: expected a guard to refuse it, but took ${APPLY} → active.exporting.forPreview`,
    ])
  })
})
