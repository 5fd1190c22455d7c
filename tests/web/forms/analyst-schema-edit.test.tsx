// "An analyst's schema edit shows up in the form with no code change": the category form is
// rendered from schemas/service-provider-category.json and its .ui.json alone, so a changed
// label, field order or rule in those files changes the form and its validation.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { ChakraProvider, defaultSystem } from '@chakra-ui/react'
import type { ValidatorType } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import shippedDoc from '../../../schemas/service-provider-category.json'
import shippedUi from '../../../schemas/service-provider-category.ui.json'
import { categoryForm } from '../../../src/features/categories/category-forms'
import { serviceProviderCategoryKind } from '../../../src/features/categories/category-kinds'
import { withFieldOptions } from '../../../src/forms/define-form'
import { formSchema, formUiSchema, type SchemaDocument } from '../../../src/forms/form-schema'
import { SchemaForm } from '../../../src/forms/schema-form'
import { compiledValidator } from '../support/compiled-form'
import { InDataRouter } from '../support/in-data-router'
import { testQueryClient } from '../support/render-ui'

type Ui = Record<string, Record<string, unknown>>

/** The analyst's edit: a new label, description before name, and names of 5 letters or more. */
function editedFiles() {
  const doc = structuredClone(shippedDoc) as SchemaDocument
  doc.definitions.name = { ...(doc.definitions.name as object), minLength: 5 }
  const ui = structuredClone(shippedUi) as Ui
  ui.common['ui:order'] = ['description', 'name', 'parentId']
  ui.common.name = { ...(ui.common.name as object), 'ui:title': 'Category name' }
  return { doc, ui }
}

const choices = [
  { value: 1, label: 'Cleaning', depth: 0 },
  { value: 2, label: 'Home Cleaning', depth: 1 },
]

function renderForm(doc: SchemaDocument, ui: Ui, validator: ValidatorType) {
  const onSubmit = vi.fn()
  const uiSchema = withFieldOptions(formUiSchema(ui, 'create'), 'parentId', { choices })
  render(
    <ChakraProvider value={defaultSystem}>
      {/* The category pickers read through the query layer. */}
      <QueryClientProvider client={testQueryClient}>
        <InDataRouter>
          <SchemaForm
            schema={formSchema(doc, 'create')}
            uiSchema={uiSchema}
            validator={validator}
            busy={false}
            onSubmit={onSubmit}
          />
        </InDataRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  )
  return { onSubmit, user: userEvent.setup() }
}

/** The text fields, top to bottom, must be the ones these labels name. */
function expectFieldOrder(labels: string[]) {
  expect(screen.getAllByRole('textbox')).toEqual(
    labels.map((label) => screen.getByRole('textbox', { name: label })),
  )
}

// ajv compiling at run time is fine in a Node test; the app ships validators precompiled from
// the same files at build time (scripts/form-validators-plugin.ts).
const runtimeValidator = () => customizeValidator({ ajvOptionsOverrides: { $data: true } })

/** What the build does with the edited file: precompile its validator (no ajv at run time). */
async function buildValidator(doc: SchemaDocument, ui: Ui): Promise<ValidatorType> {
  const dir = mkdtempSync(resolve(tmpdir(), 'analyst-schema-edit-'))
  try {
    writeFileSync(resolve(dir, 'service-provider-category.json'), JSON.stringify(doc))
    writeFileSync(resolve(dir, 'service-provider-category.ui.json'), JSON.stringify(ui))
    return await compiledValidator(dir, 'service-provider-category', 'create', doc)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("an analyst's schema edit", () => {
  it('the shipped files give Name, then Description, and accept a 3-letter name', async () => {
    const shipped = categoryForm(serviceProviderCategoryKind, 'create')
    const { onSubmit, user } = renderForm(
      shippedDoc as SchemaDocument,
      shippedUi as Ui,
      shipped.validator,
    )
    expectFieldOrder(['Name', 'Description'])
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Spa')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Massage')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Spa', description: 'Massage', parentId: null })
  })

  it('shows the new label and order, and applies the new rule beside the field', async () => {
    const { doc, ui } = editedFiles()
    const { onSubmit, user } = renderForm(doc, ui, runtimeValidator())
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull()
    const name = screen.getByRole('textbox', { name: 'Category name' })
    expect(screen.getByLabelText(/^Category name/)).toBe(name)
    expectFieldOrder(['Description', 'Category name'])
    // The parent picker is untouched by the edit.
    expect(screen.getByRole('combobox', { name: 'Parent Category' })).toBeInTheDocument()

    await user.type(name, 'Spa')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Massage')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await waitFor(() => expect(name).toHaveAccessibleErrorMessage('Use at least 5 characters.'))
    expect(name).toBeInvalid()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.type(name, ' Day')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Spa Day',
      description: 'Massage',
      parentId: null,
    })
    expect(name).toBeValid()
  })

  it('is also what the build precompiles from the edited file', async () => {
    const { doc, ui } = editedFiles()
    const { onSubmit, user } = renderForm(doc, ui, await buildValidator(doc, ui))
    const name = screen.getByRole('textbox', { name: 'Category name' })
    await user.type(name, 'Spa')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Massage')
    await user.click(screen.getByRole('button', { name: 'Create Category' }))
    await waitFor(() => expect(name).toHaveAccessibleErrorMessage('Use at least 5 characters.'))
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
