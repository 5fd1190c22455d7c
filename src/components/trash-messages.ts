// The words of the trash (decision 022): its page, restore, delete for good, and Undo after a
// delete. Texts about one record follow the spec's style ("Product restored successfully!");
// a restore the server refuses shows its own reason (409: the parent is gone, the email taken).

/** How a collection's records are named: "product" / "products". */
export interface Nouns {
  one: string
  many: string
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export const TRASH_TEXTS = {
  /** The list toolbar's link and the last breadcrumb. */
  link: 'Trash',
  title: (listTitle: string) => `${listTitle} in the Trash`,
  description:
    'Deleted records wait here until they are restored or deleted for good; the server ' +
    'empties the trash of old deletions (after 30 days unless set otherwise).',
  empty: 'The trash is empty.',
  listFailed: 'Error while loading data',
  undo: 'Undo',
  restore: 'Restore',
  purge: 'Delete for good',
  restored: ({ one }: Nouns) => `${sentence(one)} restored successfully!`,
  restoreFailed: ({ one }: Nouns) => `Error while restoring ${one}`,
  purged: ({ one }: Nouns) => `${sentence(one)} deleted for good.`,
  purgeFailed: ({ one }: Nouns) => `Error while deleting ${one}`,
  /** The delete dialog's text when the record goes to the trash (and Undo follows). */
  moveOne: (noun: string) => `This will move the ${noun} to the trash, where it can be restored.`,
  moveMany: (counted: string) =>
    `This will move ${counted} to the trash, where they can be restored.`,
} as const
