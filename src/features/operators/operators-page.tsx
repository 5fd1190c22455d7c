// Operators (administrators only; the spec's sample Team Members page became it): who can sign
// in, with role, status, two-factor and last sign-in, and what an administrator does about them:
// invite, change a role, deactivate or reactivate, reset a password.
import { Badge, Table } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { ListResults } from '../../components/list-results'
import { PageHeader } from '../../components/page-header'
import { timeText } from '../../lib/history'
import { useMe } from '../../lib/me'
import { InviteDialog } from './invite-dialog'
import { OPERATOR_MESSAGES } from './operator-messages'
import { OperatorActions, OperatorRoleCell } from './operator-row'
import { type Operator, operatorsApi } from './operators-api'

const PAGE_SIZE = 50

export function OperatorsPage() {
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const list = useQuery(operatorsApi.list({ page, pageSize: PAGE_SIZE }))
  const me = useMe()
  return (
    <>
      <PageHeader
        title="Operators"
        description="Who can sign in, and what each of them may do."
        actions={<InviteDialog />}
      />
      <ListResults
        list={list}
        onPage={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
        failedText={OPERATOR_MESSAGES.listFailed}
        emptyText="No operators yet."
      >
        {(operators) => <OperatorTable operators={operators} meId={me?.id} />}
      </ListResults>
    </>
  )
}

function OperatorTable({ operators, meId }: { operators: Operator[]; meId?: number }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
      <Table.Root aria-label="Operators" size="sm" minW="52rem">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Username</Table.ColumnHeader>
            <Table.ColumnHeader w="11rem">Role</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Two-factor</Table.ColumnHeader>
            <Table.ColumnHeader>Last sign-in</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {operators.map((operator) => (
            <Table.Row key={operator.id}>
              <Table.Cell fontWeight="medium">
                {operator.username}
                {operator.id === meId && (
                  <Badge ms="2" variant="outline" colorPalette="teal">
                    You
                  </Badge>
                )}
              </Table.Cell>
              <Table.Cell>
                <OperatorRoleCell operator={operator} />
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={operator.active ? 'green' : 'gray'} variant="subtle">
                  {operator.active ? 'Active' : 'Deactivated'}
                </Badge>
              </Table.Cell>
              <Table.Cell>{operator.twoFactor ? 'On' : 'Off'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {operator.lastSignInAt ? timeText(operator.lastSignInAt) : 'Never'}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <OperatorActions operator={operator} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
