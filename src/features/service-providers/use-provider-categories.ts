// Every service provider category once, for the category picker and filter.
import { useEffect, useState } from 'react'
import { useErrorToast } from '../../components/messages'
import type { TreeNode } from '../../lib/category-tree'
import { PROVIDER_MESSAGES, providersApi } from './providers-api'

export function useProviderCategories(): TreeNode[] {
  const [nodes, setNodes] = useState<TreeNode[]>([])
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    let current = true
    providersApi.categories().then(
      (all) => current && setNodes(all),
      (failure: unknown) => current && setError(failure),
    )
    return () => {
      current = false
    }
  }, [])
  useErrorToast(error, PROVIDER_MESSAGES.categoriesFailed)
  return nodes
}
