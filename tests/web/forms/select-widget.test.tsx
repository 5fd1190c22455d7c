// String enums (an analyst's custom field such as a size) render as a labelled native select
// with the labels the schema gives, and an optional one can be cleared.
import { ChakraProvider, defaultSystem } from '@chakra-ui/react'
import type { RJSFSchema } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { SchemaForm } from '../../../src/forms/schema-form'
import { InDataRouter } from '../support/in-data-router'

const schema: RJSFSchema = {
  type: 'object',
  required: ['grade'],
  properties: {
    size: {
      type: 'string',
      title: 'Size',
      oneOf: [
        { const: 'S', title: 'Small' },
        { const: 'L', title: 'Large' },
      ],
    },
    grade: { type: 'string', title: 'Grade', enum: ['A', 'B'] },
  },
}

function renderForm() {
  const onSubmit = vi.fn()
  render(
    <ChakraProvider value={defaultSystem}>
      <InDataRouter>
        <SchemaForm
          schema={schema}
          uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Save' } }}
          validator={customizeValidator()}
          busy={false}
          onSubmit={onSubmit}
        />
      </InDataRouter>
    </ChakraProvider>,
  )
  return { onSubmit, user: userEvent.setup() }
}

it('offers the labelled choices, an empty one when optional, and sends the value', async () => {
  const { onSubmit, user } = renderForm()
  const size = screen.getByRole('combobox', { name: 'Size' })
  expect(
    within(size)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['', 'Small', 'Large'])
  const grade = screen.getByRole('combobox', { name: 'Grade' })
  expect(grade).toBeRequired()
  expect(
    within(grade)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['A', 'B'])
  await user.selectOptions(size, 'Large')
  await user.selectOptions(grade, 'B')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  expect(onSubmit).toHaveBeenCalledWith({ size: 'L', grade: 'B' })

  await user.selectOptions(size, '')
  await user.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2))
  expect(onSubmit.mock.calls[1][0]).not.toHaveProperty('size')
})
