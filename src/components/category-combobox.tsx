// A searchable category picker (decision 015): Chakra's Combobox (role combobox, options announced
// through aria-activedescendant, arrows / Enter / Esc) whose options are the server's matches for
// what the operator types, each shown with its full path. Single (a parent, a filter: `extras`
// such as "None" come first) or several, shown as removable chips (Backspace in the empty input
// removes the last one). Values are strings: category ids, or the keys of `extras`. A single
// picker's input shows its choice until the operator searches: focus empties it (the choice
// becomes the placeholder) and a key typed over it replaces it, so typing always searches for
// what is typed ("mak", never "Allmak"); leaving the field shows the choice again.
import { Combobox, createListCollection, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useMemo, useState } from 'react'
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
  // What the operator typed since the input last showed the choice: null while it shows the
  // choice (a single picker) or nothing (a multiple one). A choice whose path arrives late (an
  // edit form's parent) therefore never replaces what is being typed.
  const [typed, setTyped] = useState<string | null>(null)
  const [picked, setPicked] = useState<Map<string, Item>>(new Map())
  const search = (typed ?? '').trim()
  const text = useDebouncedValue(search, 250)
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
  // A single picker shows its choice (once its path is known) while nothing is typed.
  const choiceText = multiple || value[0] === undefined ? '' : (itemOf(value[0])?.label ?? '')
  // "No categories found" once the server has answered what is typed with none, not while it
  // is asked; the extras ("All", "None") stay listed above it.
  const noneFound =
    text === search && matches.isSuccess && !matches.isPlaceholderData && matches.data.length === 0

  /** A key typed while the input shows the choice (focus is still there after a pick) replaces
   * it rather than adding to it. */
  const replaceChoice = (event: KeyboardEvent<HTMLInputElement>) => {
    if (multiple || typed !== null || event.ctrlKey || event.metaKey || event.altKey) return
    if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete') {
      event.currentTarget.select()
    }
  }
  const removeLast = (event: KeyboardEvent<HTMLInputElement>) => {
    const empty = event.currentTarget.value === ''
    if (multiple && event.key === 'Backspace' && empty && value.length > 0) {
      onChange(value.slice(0, -1))
    }
  }
  /** Focus, or a click on the shown choice, empties the input for a search of its own; the
   * choice stays readable as the placeholder until something is typed or picked. */
  const startSearch = () => {
    if (!multiple && typed === null) setTyped('')
  }

  return (
    <Stack gap="3" width="full">
      <Combobox.Root
        collection={collection}
        multiple={multiple}
        value={value}
        inputValue={typed ?? choiceText}
        disabled={props.disabled}
        ids={props.id ? { input: props.id } : undefined}
        openOnClick
        onInputValueChange={(details) => {
          // Typing searches; a pick, Escape or a click outside shows the choice again.
          setTyped(details.reason === 'input-change' ? details.inputValue : null)
        }}
        onValueChange={(details) => {
          setPicked((known) => {
            const next = new Map(known)
            for (const item of details.items) next.set(item.value, item)
            return next
          })
          setTyped(null)
          onChange(details.value)
        }}
      >
        {props.label && <Combobox.Label>{props.label}</Combobox.Label>}
        <Combobox.Control>
          <Combobox.Input
            placeholder={typed === '' && choiceText ? choiceText : props.placeholder}
            onKeyDown={(event) => {
              replaceChoice(event)
              removeLast(event)
            }}
            onClick={startSearch}
            onFocus={() => {
              startSearch()
              props.onFocus?.()
            }}
            onBlur={() => {
              // Leaving the field shows its choice again, not a search that chose nothing.
              setTyped(null)
              props.onBlur?.()
            }}
          />
          <Combobox.IndicatorGroup>
            {matches.isFetching && <Spinner size="xs" aria-hidden />}
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content>
              {collection.items.map((item) => (
                <Combobox.Item key={item.value} item={item}>
                  <Combobox.ItemText>{item.label}</Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
              {noneFound && (
                <Text role="presentation" px="2" py="1.5" color="fg.muted" textStyle="sm">
                  No categories found
                </Text>
              )}
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
