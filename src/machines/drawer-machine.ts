// The narrow-screen side menu. Every way of dismissing it is its own event so the UI
// (and tests) say what happened; all of them close it.
import { setup } from 'xstate'

export type DrawerEvent =
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'drawer.backdrop' }
  | { type: 'drawer.linkFollowed' }
  | { type: 'viewport.wide' }

export const drawerMachine = setup({
  types: { events: {} as DrawerEvent },
}).createMachine({
  id: 'drawer',
  initial: 'closed',
  states: {
    closed: {
      on: { 'drawer.open': 'open' },
    },
    open: {
      tags: ['open'],
      on: {
        'drawer.close': 'closed',
        'drawer.backdrop': 'closed',
        'drawer.linkFollowed': 'closed',
        'viewport.wide': 'closed',
      },
    },
  },
})
