// Issue 11, point 6: each analyst edit, made on a temporary copy of schemas/, changes the
// rendered form — labels, order, rules and help read from the copy, the validator precompiled
// from it as the build does. The API side is tests/server/analyst-edits.test.ts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ChakraProvider, defaultSystem } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { withFieldOptions } from '../../../src/forms/define-form'
import { formSchema, formUiSchema, type SchemaDocument } from '../../../src/forms/form-schema'
import { SchemaForm } from '../../../src/forms/schema-form'
import {
  ANALYST_EDITS,
  type AnalystEdit,
  CUSTOM_FIELD,
  editedCopy,
  HELP_TEXT,
  NEW_MINIMUM,
  PATTERN_MESSAGE,
  RELABELLED,
  schemasFingerprint,
} from '../../support/analyst-edits'
import { copySchemas, type SchemaCopy } from '../../support/schema-copy'
import { schemaFields } from '../../support/schema-labels'
import { compiledValidator } from '../support/compiled-form'
import { InDataRouter } from '../support/in-data-router'
import { testQueryClient } from '../support/render-ui'

const before = schemasFingerprint()
const shipped = copySchemas()
const copies: SchemaCopy[] = [shipped]
afterAll(() => {
  for (const copy of copies) copy.remove()
  expect(schemasFingerprint()).toBe(before)
})

/** A valid create body per entity, so a test only touches the field its edit is about. */
const VALID: Record<AnalystEdit['entity'], Record<string, unknown>> = {
  'product-category': { name: 'Kitchen', description: 'Pots and pans', parentCategoryId: null },
  'service-provider': {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: 'ada@example.com',
    phoneNumber: '+234 803 555 0101',
    addressLine1: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    brandName: 'Ada Catering',
    about: 'Event catering.',
    serviceProviderCategoryIds: [],
    enabled: true,
  },
  product: {
    name: 'Jollof for 50',
    description: 'Party jollof.',
    estimatedDeliveryDays: NEW_MINIMUM - 1,
    pricing: 'Fixed',
    price: 12500,
    productCategoryIds: [],
    enabled: true,
    serviceProviderId: 1,
  },
}

const SUBMIT: Record<AnalystEdit['entity'], string> = {
  'product-category': 'Create Category',
  'service-provider': 'Create Service Provider',
  product: 'Create Product',
}

/** Renders an entity's create form from the files in `dir`, as the app would build it. */
async function renderForm(dir: string, entity: AnalystEdit['entity']) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
  const doc = read(`${entity}.json`) as SchemaDocument
  let uiSchema = formUiSchema(read(`${entity}.ui.json`), 'create')
  for (const picker of ['parentCategoryId', 'productCategoryIds', 'serviceProviderCategoryIds']) {
    uiSchema = withFieldOptions(uiSchema, picker, { choices: [] })
  }
  const validator = await compiledValidator(dir, entity, 'create', doc)
  const onSubmit = vi.fn()
  render(
    <ChakraProvider value={defaultSystem}>
      {/* The category pickers read through the query layer. */}
      <QueryClientProvider client={testQueryClient}>
        <InDataRouter>
          <SchemaForm
            schema={formSchema(doc, 'create')}
            uiSchema={uiSchema}
            validator={validator}
            formData={VALID[entity]}
            omitExtraData={entity !== 'product'}
            busy={false}
            onSubmit={onSubmit}
          />
        </InDataRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  )
  const user = userEvent.setup()
  const labels = schemaFields(entity, dir)
  const submit = () => user.click(screen.getByRole('button', { name: SUBMIT[entity] }))
  return { onSubmit, user, labels, submit }
}

const textboxNames = () => screen.getAllByRole('textbox').map((box) => box.getAttribute('id') ?? '')

type Check = (dir: string, edited: boolean) => Promise<void>

const CHECKS: Record<string, Check> = {
  relabel: async (dir, edited) => {
    const { labels } = await renderForm(dir, 'product-category')
    expect(labels.label('name')).toBe(edited ? RELABELLED : 'Name')
    expect(screen.getByRole('textbox', { name: labels.label('name') })).toHaveValue('Kitchen')
  },
  reorder: async (dir, edited) => {
    await renderForm(dir, 'product-category')
    const order = ['root_name', 'root_description']
    expect(textboxNames()).toEqual(edited ? order.reverse() : order)
  },
  'make required': async (dir, edited) => {
    const { labels, onSubmit, submit } = await renderForm(dir, 'service-provider')
    await submit()
    const field = screen.getByRole('textbox', { name: labels.label('addressLine2') })
    if (edited) {
      await waitFor(() => expect(field).toBeInvalid())
      expect(onSubmit).not.toHaveBeenCalled()
    } else {
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
      expect(field).toBeValid()
    }
  },
  'change a minimum': async (dir, edited) => {
    const { labels, onSubmit, submit } = await renderForm(dir, 'product')
    expect(labels.limit('estimatedDeliveryDays', 'minimum')).toBe(edited ? NEW_MINIMUM : 1)
    await submit()
    const field = screen.getByRole('spinbutton', { name: labels.label('estimatedDeliveryDays') })
    if (edited) {
      await waitFor(() => expect(field).toBeInvalid())
      expect(onSubmit).not.toHaveBeenCalled()
    } else {
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    }
  },
  'add a help text': async (dir, edited) => {
    const { labels } = await renderForm(dir, 'product-category')
    expect(labels.help('description')).toBe(edited ? HELP_TEXT : undefined)
    if (edited) {
      expect(
        screen.getByRole('textbox', { name: labels.label('description') }),
      ).toHaveAccessibleDescription(expect.stringContaining(HELP_TEXT))
    } else expect(screen.queryByText(HELP_TEXT)).toBeNull()
  },
  'give a pattern its message': async (dir, edited) => {
    const { labels, user, submit, onSubmit } = await renderForm(dir, 'service-provider')
    const field = screen.getByRole('textbox', { name: labels.label('phoneNumber') })
    await user.clear(field)
    await user.type(field, 'call me')
    await submit()
    await waitFor(() => expect(field).toBeInvalid())
    expect(field).toHaveAccessibleErrorMessage(
      edited ? PATTERN_MESSAGE : 'This value is not in the expected format.',
    )
    expect(onSubmit).not.toHaveBeenCalled()
  },
  'add a custom field': async (dir, edited) => {
    const { onSubmit, user, submit } = await renderForm(dir, 'product-category')
    const { name, title, maxLength } = CUSTOM_FIELD
    if (!edited) {
      expect(screen.queryByRole('textbox', { name: title })).toBeNull()
      return
    }
    const field = screen.getByRole('textbox', { name: title })
    await user.type(field, 'x'.repeat(maxLength + 1))
    await submit()
    await waitFor(() => expect(field).toBeInvalid())
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, 'A-1')
    await submit()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ [name]: 'A-1' })
  },
}

describe('analyst edits, form side', () => {
  it.each(ANALYST_EDITS.map((edit) => [edit.name, edit] as [string, AnalystEdit]))(
    '%s: the form follows the edited copy',
    async (name, edit) => {
      await CHECKS[name](shipped.dir, false)
      cleanup()
      const copy = editedCopy(edit)
      copies.push(copy)
      await CHECKS[name](copy.dir, true)
    },
  )
})
