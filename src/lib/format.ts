// Money is naira with kobo, always through Intl so grouping and the ₦ sign stay consistent.
const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export function formatNaira(amount: number): string {
  return naira.format(amount)
}

export function formatNairaRange(min: number, max: number): string {
  return `${formatNaira(min)} – ${formatNaira(max)}`
}

export function formatDeliveryDays(days: number): string {
  return days === 1 ? '1 day' : `${days} days`
}

const kilobytes = new Intl.NumberFormat('en', { maximumFractionDigits: 1 })

/** File sizes as an operator reads them: '850 B', '84.2 KB', '1.3 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${kilobytes.format(bytes / 1024)} KB`
  return `${kilobytes.format(bytes / (1024 * 1024))} MB`
}

const roughly = new Intl.NumberFormat('en-NG', { notation: 'compact' })

/** A total counted before the server's latest write (decision 030), as lists and the dashboard
 * write it: "about 2.5M", "about 58". */
export function formatAboutCount(count: number): string {
  return `about ${roughly.format(count)}`
}
