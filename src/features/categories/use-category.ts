// Loads one category for its detail or edit screen (404 → /not-found, else an Error toast).
import { useRecord } from '../../components/use-record'
import { categoriesApi } from './categories-api'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

export function useCategory(kind: CategoryKind, id: number) {
  return useRecord([id], () => categoriesApi(kind).get(id), CATEGORY_MESSAGES.loadFailed)
}
