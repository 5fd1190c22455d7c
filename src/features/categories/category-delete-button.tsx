// Delete on a category's page (to the trash; its toast offers Undo). The server refuses (409)
// while the category has subcategories or is assigned, saying how many of what hold it: the
// dialog shows that detail (the page lists the subcategories).
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { DeleteButton } from '../../components/delete-button'
import { categoriesApi } from './categories-api'
import { CATEGORY_MESSAGES, type CategoryKind } from './category-kinds'

export function CategoryDeleteButton({ kind, id }: { kind: CategoryKind; id: number }) {
  const navigate = useNavigate()
  const categories = categoriesApi(kind)
  const remove = useMutation(categories.remove)
  return (
    <DeleteButton
      noun={kind.titles.detail.toLowerCase()}
      run={() => remove.mutateAsync(id)}
      messages={{ done: kind.messages.deleted, failed: CATEGORY_MESSAGES.deleteFailed }}
      onDone={() => navigate(kind.routes.list)}
      trash={{ target: categories.trash, id }}
    />
  )
}
