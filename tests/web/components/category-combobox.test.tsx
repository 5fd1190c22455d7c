import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CategoryCombobox } from '../../../src/components/category-combobox'
import { buildCategory, categoryTree, searchCategories } from '../factories/categories'
import { apiUrl } from '../msw/handlers-support'
import { server } from '../msw/server'
import { openPicker, optionNames, pick } from '../support/combobox'
import { renderUi } from '../support/render-ui'

// The searchable category picker: it asks the server as the operator types (never for the
// whole hierarchy), shows full paths, works by keyboard, and holds several as chips.

const source = { apiPath: '/product-categories', errorText: 'Error fetching categories' }

/** Records every search request's query. */
function recordSearches() {
  const searches: URLSearchParams[] = []
  server.use(
    http.get(apiUrl('/product-categories/search'), ({ request }) => {
      const query = new URL(request.url).searchParams
      searches.push(query)
      return HttpResponse.json({ data: searchCategories(categoryTree, query) })
    }),
  )
  return searches
}

function Picker(props: { multiple?: boolean; initial?: string[]; exclude?: number }) {
  const [value, setValue] = useState<string[]>(props.initial ?? [])
  return (
    <>
      <CategoryCombobox
        label="Category"
        source={source}
        multiple={props.multiple}
        extras={props.multiple ? [] : [{ value: 'none', label: 'None' }]}
        exclude={props.exclude}
        value={value}
        onChange={setValue}
      />
      <output aria-label="Value">{value.join(',')}</output>
    </>
  )
}

const value = () => screen.getByRole('status', { name: 'Value' }).textContent

describe('CategoryCombobox', () => {
  it('asks the server for what is typed and lists the matches by full path', async () => {
    const searches = recordSearches()
    const { user } = renderUi(<Picker />)
    const { listbox } = await openPicker(user, 'Category', 'deep')
    await waitFor(() =>
      expect(optionNames(listbox)).toEqual(['None', 'Cleaning › Home Cleaning › Deep Cleaning']),
    )
    await waitFor(() => expect(searches.at(-1)?.get('q')).toBe('deep'))
    expect(searches.at(-1)?.get('limit')).toBe('20')
    expect(searches.every((query) => !query.has('ids'))).toBe(true)
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('works by keyboard: arrows highlight (announced), Enter picks, Esc closes', async () => {
    recordSearches()
    const { user } = renderUi(<Picker />)
    const { input } = await openPicker(user, 'Category', 'clean', 'Cleaning')
    await user.keyboard('{ArrowDown}')
    const active = input.getAttribute('aria-activedescendant')
    expect(active).toBeTruthy()
    expect(document.getElementById(active ?? '')).toHaveAttribute('role', 'option')
    expect(document.getElementById(active ?? '')).toHaveAttribute('data-highlighted')
    // The first arrow highlights None, the second the first match.
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(value()).toBe('1'))
    await waitFor(() => expect(input).toHaveValue('Cleaning'))
    await user.click(input)
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  })

  it('shows a current value by its path, fetched by id, not by listing the hierarchy', async () => {
    const searches = recordSearches()
    renderUi(<Picker initial={['4']} />)
    const input = screen.getByRole('combobox', { name: 'Category' })
    await waitFor(() => expect(input).toHaveValue('Cleaning › Home Cleaning › Deep Cleaning'))
    expect(searches.some((query) => query.get('ids') === '4')).toBe(true)
  })

  it('leaves out the excluded category and its descendants', async () => {
    const searches = recordSearches()
    const { user } = renderUi(<Picker exclude={2} />)
    const { listbox } = await openPicker(user, 'Category', 'clean', 'Cleaning')
    await waitFor(() => expect(searches.at(-1)?.get('q')).toBe('clean'))
    expect(optionNames(listbox)).toEqual(['None', 'Cleaning'])
    expect(searches.at(-1)?.get('exclude')).toBe('2')
  })

  it('holds several as chips with their paths; Backspace in the empty input removes the last', async () => {
    recordSearches()
    const { user } = renderUi(<Picker multiple />)
    expect(screen.getByText('None selected')).toBeVisible()
    await pick(user, 'Category', 'rep', 'Repairs')
    await pick(user, 'Category', 'home', 'Cleaning › Home Cleaning')
    expect(value()).toBe('3,2')
    const chips = screen.getByRole('list', { name: 'Selected categories' })
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Repairs', 'Cleaning › Home Cleaning'])
    await user.click(screen.getByRole('button', { name: 'Remove Repairs' }))
    expect(value()).toBe('2')
    const input = screen.getByRole('combobox', { name: 'Category' })
    await user.click(input)
    await user.keyboard('{Escape}{Backspace}')
    expect(value()).toBe('')
  })

  it('reaches a category far beyond the first thousands', async () => {
    const many = Array.from({ length: 3100 }, (_, i) =>
      buildCategory({ id: i + 1, name: `Item ${String(i + 1).padStart(4, '0')}` }),
    )
    server.use(
      http.get(apiUrl('/product-categories/search'), ({ request }) =>
        HttpResponse.json({ data: searchCategories(many, new URL(request.url).searchParams) }),
      ),
    )
    const { user } = renderUi(<Picker multiple />)
    await pick(user, 'Category', 'Item 3077', 'Item 3077')
    expect(value()).toBe('3077')
  })
})
