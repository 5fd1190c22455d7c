import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CategoryCombobox } from '../../../src/components/category-combobox'
import { buildCategory, categoryTree, searchCategories } from '../factories/categories'
import { apiUrl } from '../msw/handlers-support'
import { server } from '../msw/server'
import { openPicker, optionNames, pick } from '../support/combobox'
import { gate } from '../support/gate'
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

function Picker(props: {
  multiple?: boolean
  initial?: string[]
  exclude?: number
  extras?: { value: string; label: string }[]
}) {
  const [value, setValue] = useState<string[]>(props.initial ?? [])
  return (
    <>
      <CategoryCombobox
        label="Category"
        source={source}
        multiple={props.multiple}
        extras={props.multiple ? [] : (props.extras ?? [{ value: 'none', label: 'None' }])}
        exclude={props.exclude}
        value={value}
        onChange={setValue}
      />
      <output aria-label="Value">{value.join(',')}</output>
    </>
  )
}

const value = () => screen.getByRole('status', { name: 'Value' }).textContent
const allExtra = [{ value: 'all', label: 'All' }]
/** Types key by key, each shown before the next (as a person types). */
async function typeKeys(user: UserEvent, input: HTMLElement, text: string) {
  for (const [i, key] of [...text].entries()) {
    await user.keyboard(key)
    await waitFor(() => expect(input).toHaveValue(text.slice(0, i + 1)))
  }
}

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

  // Issue 30: typing into a picker that showed "All" searched for "Allmak".
  it('typing into a picker that shows its choice searches for what is typed alone', async () => {
    const searches = recordSearches()
    const { user } = renderUi(<Picker initial={['all']} extras={allExtra} />)
    const input = screen.getByRole('combobox', { name: 'Category' })
    expect(input).toHaveValue('All')
    // By keyboard: Tab in, type.
    await user.tab()
    expect(input).toHaveFocus()
    await typeKeys(user, input, 'rep')
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['All', 'Repairs']))
    // Leaving shows the choice; a click empties the input, the choice as its placeholder.
    await user.tab()
    await waitFor(() => expect(input).toHaveValue('All'))
    await user.click(input)
    expect(input).toHaveValue('')
    expect(input).toHaveAttribute('placeholder', 'All')
    await typeKeys(user, input, 'deep')
    await waitFor(() => expect(searches.at(-1)?.get('q')).toBe('deep'))
    expect(searches.some((query) => query.get('q')?.startsWith('All'))).toBe(false)
  })

  it('a key typed after a pick (the caret after the choice) starts a new search', async () => {
    recordSearches()
    const { user } = renderUi(<Picker initial={['all']} extras={allExtra} />)
    const { input, listbox } = await openPicker(user, 'Category', 'rep')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['All', 'Repairs']))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(input).toHaveValue('Repairs'))
    expect(value()).toBe('3')
    // Still in the field, the caret at the end of "Repairs".
    expect(input).toHaveFocus()
    ;(input as HTMLInputElement).setSelectionRange(7, 7)
    await typeKeys(user, input, 'deep')
    await waitFor(() =>
      expect(optionNames(screen.getByRole('listbox'))).toEqual([
        'All',
        'Cleaning › Home Cleaning › Deep Cleaning',
      ]),
    )
    // Leaving without a pick shows the choice again.
    await user.tab()
    await waitFor(() => expect(input).toHaveValue('Repairs'))
    expect(value()).toBe('3')
  })

  it('says "No categories found" under the extras when nothing matches', async () => {
    recordSearches()
    const { user } = renderUi(<Picker initial={['all']} extras={allExtra} />)
    const { listbox } = await openPicker(user, 'Category', 'zzz')
    expect(await within(listbox).findByText('No categories found')).toBeVisible()
    expect(optionNames(listbox)).toEqual(['All'])
    const input = screen.getByRole('combobox', { name: 'Category' })
    await user.clear(input)
    await typeKeys(user, input, 'clean')
    await within(listbox).findByRole('option', { name: 'Cleaning' })
    await waitFor(() => expect(within(listbox).queryByText('No categories found')).toBeNull())
  })

  it('a current choice whose path arrives late never replaces what is being typed', async () => {
    const pathsAnswered = gate()
    server.use(
      http.get(apiUrl('/product-categories/search'), async ({ request }) => {
        const query = new URL(request.url).searchParams
        if (query.has('ids')) await pathsAnswered.opened
        return HttpResponse.json({ data: searchCategories(categoryTree, query) })
      }),
    )
    // A chip picker of the same choice shows when its path has arrived (the same query).
    const { user } = renderUi(
      <>
        <Picker initial={['4']} />
        <CategoryCombobox label="Same" source={source} multiple value={['4']} onChange={() => {}} />
      </>,
    )
    const { input, listbox } = await openPicker(user, 'Category', 'rep')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['None', 'Repairs']))
    pathsAnswered.open()
    const chips = screen.getByRole('list', { name: 'Selected categories' })
    await within(chips).findByText('Cleaning › Home Cleaning › Deep Cleaning')
    expect(input).toHaveValue('rep')
    expect(optionNames(listbox)).toEqual(['None', 'Repairs'])
    // Leaving the field without a pick shows the choice.
    await user.keyboard('{Escape}')
    await user.tab()
    await waitFor(() => expect(input).toHaveValue('Cleaning › Home Cleaning › Deep Cleaning'))
  })
})
