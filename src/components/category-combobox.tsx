// A searchable category picker (decision 015): Chakra's Combobox (role combobox, options announced
// through aria-activedescendant, arrows / Enter / Esc) whose options are the server's matches for
// what the operator types, each shown with its full path. Single (a parent, a filter: `extras`
// such as "None" come first) or several, shown as removable chips (Backspace in the empty input
// removes the last one). Values are strings: category ids, or the keys of `extras`.
import {
  Combobox,
  createListCollection,
  Portal,
  Spinner,
  Stack,
  useComboboxContext,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import {
  type CategoryMatch,
  type CategorySource,
  categoryPathsQuery,
  categorySearchQuery,
  pathText,
} from '../lib/category-search'
import { useDebouncedValue } from '../lib/use-debounced-value'
import { CategoryChips } from './category-chips'

export interface PickerExtra {
  value: string
  label: string
}

export interface CategoryComboboxProps {
  /** Absent where a form is drawn on its own (an analyst's preview): nothing to search. */
  source?: CategorySource
  value: string[]
  onChange: (value: string[]) => void
  multiple?: boolean
  /** Choices listed before the matches (single pickers only). */
  extras?: PickerExtra[]
  /** A category left out with its descendants (a parent picker's own category). */
  exclude?: number
  /** The input's id, for a label rendered elsewhere (RJSF's). */
  id?: string
  /** A label of its own (the list filters). */
  label?: string
  placeholder?: string
  disabled?: boolean
  /** Shown under a multiple picker while nothing is chosen. */
  emptyText?: string
  onBlur?: () => void
  onFocus?: () => void
}

const NOWHERE: CategorySource = { apiPath: '', errorText: '' }

interface Item {
  value: string
  label: string
  match?: CategoryMatch
}

const toItem = (match: CategoryMatch): Item => ({
  value: String(match.id),
  label: pathText(match),
  match,
})

export function CategoryCombobox(props: CategoryComboboxProps) {
  const { source, value, onChange, multiple = false, extras = [], exclude } = props
  // What the operator types: the search. The input itself is the combobox's own.
  const [typed, setTyped] = useState('')
  const [picked, setPicked] = useState<Map<string, Item>>(new Map())
  const text = useDebouncedValue(typed.trim(), 250)
  const ids = value.map(Number).filter((id) => Number.isInteger(id) && id > 0)
  const matches = useQuery({
    ...categorySearchQuery(source ?? NOWHERE, text, exclude),
    enabled: source !== undefined,
  })
  const chosen = useQuery({
    ...categoryPathsQuery(source ?? NOWHERE, ids),
    enabled: source !== undefined && ids.length > 0,
  })

  const collection = useMemo(
    () =>
      createListCollection<Item>({
        items: [...(multiple ? [] : extras), ...(matches.data ?? []).map(toItem)],
      }),
    [matches.data, extras, multiple],
  )
  const itemOf = (key: string): Item | undefined => {
    const extra = extras.find((e) => e.value === key)
    if (extra) return extra
    const match = chosen.data?.find((m) => String(m.id) === key)
    return match ? toItem(match) : picked.get(key)
  }
  const selected = value.map((key) => itemOf(key) ?? { value: key, label: `#${key}` })

  const removeLast = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value === ''
    if (multiple && event.key === 'Backspace' && empty && value.length > 0) {
      onChange(value.slice(0, -1))
    }
  }

  return (
    <Stack gap="3" width="full">
      <Combobox.Root
        collection={collection}
        multiple={multiple}
        value={value}
        disabled={props.disabled}
        ids={props.id ? { input: props.id } : undefined}
        openOnClick
        onInputValueChange={(details) => {
          // Typing searches; a pick, Clear or leaving the field shows the choice again.
          if (details.reason === 'input-change') setTyped(details.inputValue)
          else if (details.reason !== 'script') setTyped('')
        }}
        onValueChange={(details) => {
          setPicked((known) => {
            const next = new Map(known)
            for (const item of details.items) next.set(item.value, item)
            return next
          })
          setTyped('')
          onChange(details.value)
        }}
      >
        {!multiple && <ShowChoice text={selected[0]?.label ?? ''} />}
        {props.label && <Combobox.Label>{props.label}</Combobox.Label>}
        <Combobox.Control>
          <Combobox.Input
            placeholder={props.placeholder}
            onKeyDown={removeLast}
            onBlur={props.onBlur}
            onFocus={props.onFocus}
          />
          <Combobox.IndicatorGroup>
            {matches.isFetching && <Spinner size="xs" aria-hidden />}
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              <Combobox.Empty>No categories found</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.value} item={item}>
                  <Combobox.ItemText>{item.label}</Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {multiple && (
        <CategoryChips
          chips={selected}
          emptyText={props.emptyText}
          onRemove={props.disabled ? undefined : (key) => onChange(value.filter((v) => v !== key))}
        />
      )}
    </Stack>
  )
}

/** Puts a single picker's choice in its input once its path is known (an edit form's value, a
 * filter from the URL, a pick), leaving the input to the operator otherwise. */
function ShowChoice({ text }: { text: string }) {
  const combobox = useComboboxContext()
  const latest = useRef(combobox)
  latest.current = combobox
  useEffect(() => latest.current.setInputValue(text, 'script'), [text])
  return null
}
