// Loads every category once for a picker; a failure is reported and leaves the picker empty.
import { useEffect, useState } from 'react'
import { errorText, notify } from '../../components/messages'
import { isApiError } from '../../lib/api-client'
import type { TreeNode } from '../../lib/category-tree'
import { categoriesApi } from './categories-api'
import type { CategoryKind } from './category-kinds'

export function useCategoryChoices(kind: CategoryKind, fallbackError: string): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  useEffect(() => {
    let current = true
    categoriesApi(kind)
      .all()
      .then(
        (all) => current && setNodes(all),
        (error: unknown) => {
          if (current && !(isApiError(error) && error.status === 401)) {
            notify.error(errorText(error, fallbackError))
          }
        },
      )
    return () => {
      current = false
    }
  }, [kind, fallbackError])
  return nodes
}
