import { Button } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

/** A form's Cancel: back to where the operator came from (the list, or the record's page). */
export function CancelLink({ to }: { to: string }) {
  return (
    <Button asChild variant="outline">
      <RouterLink to={to}>Cancel</RouterLink>
    </Button>
  )
}
