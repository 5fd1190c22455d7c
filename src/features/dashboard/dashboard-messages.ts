// The dashboard's words below the spec's greeting (issue 31, point 3): its sections, its queues
// and its recent changes.

import { formatAboutCount } from '../../lib/format'

const count = new Intl.NumberFormat('en-NG')

export const DASHBOARD_MESSAGES = {
  records: 'Records',
  queues: 'Work queues',
  queuesHint: 'Records waiting for someone to act on them.',
  recent: 'Recent changes',
  recentEmpty: 'No changes yet.',
  /** The spec's fallback for a failed load (§8). */
  recentFailed: 'Error while loading data',
  /** A count that could not be read: the card says so instead of a toast per count. */
  countFailed: 'Could not load',
  disabledProviders: 'Disabled service providers',
  withoutPreview: 'Products without a preview image',
  /** "Products missing Condition": records lacking a field an analyst made required. */
  missing: (collection: string, field: string) => `${collection} missing ${field}`,
  /** Named as the trash page heads itself (components/trash-messages.ts), which the dashboard
   * does not import: shared, it became a chunk of its own that every form route loaded. */
  trash: (listTitle: string) => `${listTitle} in the Trash`,
  open: (title: string) => `Open ${title}`,
  /** A number as the pager writes it: "1,234", or "about 2.5M" when not exact. */
  count: (value: number, exact = true) => (exact ? count.format(value) : formatAboutCount(value)),
  /** Who and which fields: "by admin", "Name, Price". */
  by: (operator: string) => `by ${operator}`,
  /** A record that is gone: "Product 7". */
  gone: (one: string, id: number) => `${one.charAt(0).toUpperCase()}${one.slice(1)} ${id}`,
}
