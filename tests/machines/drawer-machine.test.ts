import { describe, expect, it } from 'vitest'
import { type DrawerEvent, drawerMachine } from '../../src/machines/drawer-machine'
import { describeEdgeCoverage, startMachine } from '../support/machines'

function openDrawer() {
  const actor = startMachine(drawerMachine)
  actor.send({ type: 'drawer.open' })
  return actor
}

describe('drawer machine', () => {
  it('starts closed and opens on drawer.open', () => {
    const actor = startMachine(drawerMachine)
    expect(actor.getSnapshot().value).toBe('closed')
    actor.send({ type: 'drawer.open' })
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().hasTag('open')).toBe(true)
  })

  it.each<DrawerEvent['type']>([
    'drawer.close',
    'drawer.backdrop',
    'drawer.linkFollowed',
    'viewport.wide',
  ])('%s closes it', (type) => {
    const actor = openDrawer()
    actor.send({ type } as DrawerEvent)
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('stays closed when a closing event arrives while closed', () => {
    const actor = startMachine(drawerMachine)
    actor.send({ type: 'viewport.wide' })
    actor.send({ type: 'drawer.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('stays open when drawer.open arrives while open', () => {
    const actor = openDrawer()
    actor.send({ type: 'drawer.open' })
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'drawer.close' })
    expect(actor.getSnapshot().value).toBe('closed')
  })
})

describeEdgeCoverage(drawerMachine)
