// A count as the dashboard shows it: the number once read ("about 2.5M" while the server counts
// it again after a write), a placeholder of the number's size while it loads (so nothing moves
// when it arrives), a dash when it could not be read.
import { Text, type TextProps, VisuallyHidden } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Placeholder } from '../../components/placeholder'
import type { Count } from './dashboard-api'
import { DASHBOARD_MESSAGES } from './dashboard-messages'

interface CountTextProps extends Omit<TextProps, 'children'> {
  query: Pick<UseQueryResult<Count>, 'data' | 'isError'>
}

export function CountText({ query, ...text }: CountTextProps) {
  const { data, isError } = query
  return (
    <Text
      fontWeight="semibold"
      lineHeight="1.2"
      fontVariantNumeric="tabular-nums"
      minW="2ch"
      whiteSpace="nowrap" // "about 2.5M" on one line, beside a label that wraps instead
      {...text}
      aria-busy={data === undefined && !isError}
    >
      {data !== undefined ? (
        DASHBOARD_MESSAGES.count(data.total, data.exact)
      ) : isError ? (
        <>
          <span aria-hidden>—</span>
          <VisuallyHidden>{DASHBOARD_MESSAGES.countFailed}</VisuallyHidden>
        </>
      ) : (
        // One line of the text's own height, never taller, so the row keeps its height.
        <Placeholder as="span" display="inline-block" w="2.5em" h="1em" verticalAlign="middle" />
      )}
    </Text>
  )
}
