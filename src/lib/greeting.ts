// Thresholds from the spec: morning before 12:00, afternoon before 18:00, evening after.
export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening'

export function greetingFor(date: Date): Greeting {
  const hour = date.getHours()
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}
