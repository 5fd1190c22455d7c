// How the top bar's search finds service providers (../search/): by brand, email, the person's
// name or phone number (its digits, however it was typed); shown by brand, with the person and
// how to reach them (the phone before the long email, so a phone's width shows it), so the
// match is visible whichever field it was in.
import {
  providerBrandName,
  providerEmail,
  providerPersonName,
  providerPhone,
} from '../lists/text-search'
import { columnSearch } from '../search/column-search'
import { phoneKey } from './phone-key'

/** A typed phone number's key, as the phone filter compares it; nothing for text that is not a
 * phone number (letters), so "ada" never searches the phones. */
const searchedPhone = (text: string) => (/^[0-9 ()+-]+$/.test(text) ? phoneKey(text) : undefined)

export const providerSearch = columnSearch({
  table: 'serviceProviders',
  anywhere: [
    providerBrandName,
    providerEmail,
    providerPersonName,
    { ...providerPhone, searched: searchedPhone },
  ],
  start: ['brandName', 'firstName', 'lastName'],
  show: async (db, ids) => {
    const rows = await db
      .selectFrom('serviceProviders')
      .select(['id', 'brandName', 'firstName', 'lastName', 'email', 'phoneNumber'])
      .where('id', 'in', ids)
      .execute()
    return rows.map((row) => ({
      id: row.id,
      name: row.brandName,
      detail: [`${row.firstName} ${row.lastName}`, row.phoneNumber, row.email].join(' · '),
    }))
  },
})
