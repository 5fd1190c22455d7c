// Every product category once, for the list's category filter and the form's category chips.
import { useEffect, useState } from 'react'
import { useErrorToast } from '../../components/messages'
import type { TreeNode } from '../../lib/category-tree'
import { PRODUCT_MESSAGES, productsApi } from './products-api'

export function useProductCategories(): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let current = true
    productsApi.categories().then(
      (all) => current && setNodes(all),
      (failure: unknown) => current && setError(failure),
    )
    return () => {
      current = false
    }
  }, [])
  useErrorToast(error, PRODUCT_MESSAGES.categoriesFailed)
  return nodes
}
