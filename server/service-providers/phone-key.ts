// How the phone filter compares numbers. Phones are stored as typed (the schema allows digits,
// spaces, ( ) - and a leading +), so one number may be "+234 803 555 0101", "08035550101" or
// "0803-555-0101". Each is compared by its key: its digits, without the country code 234
// (after a + or on a number too long to be national) and the trunk 0 that follows it or starts
// a national number: "8035550101" for all three. A searched text gets the same key and
// matches as a substring of it, so any part of a number in any of its spellings finds it.
//
// The database keeps the stored numbers' keys in `phone_key` (a generated column, migration
// 025); this function is its twin for a searched text. Change both together.

/** The part of a Nigerian number after +234, or after a single leading 0 when dialled at home. */
const COUNTRY_CODE = '234'
/** A national number with its trunk 0 has 11 digits: a longer one starting 234 is international. */
const NATIONAL_DIGITS = 11

export function phoneKey(text: string): string {
  const digits = text.replace(/\D/g, '')
  const international =
    digits.startsWith(COUNTRY_CODE) &&
    (text.trim().startsWith('+') || digits.length > NATIONAL_DIGITS)
  const national = international ? digits.slice(COUNTRY_CODE.length) : digits
  return national.startsWith('0') ? national.slice(1) : national
}
