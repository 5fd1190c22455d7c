// Delete on the product's page: the product goes to the trash with its images, then the list
// shows (its toast offers Undo).
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../app/paths'
import { DeleteButton } from '../../components/delete-button'
import { PRODUCT_MESSAGES, productsApi, productTrash } from './products-api'

export function ProductDeleteButton({ id }: { id: number }) {
  const navigate = useNavigate()
  const remove = useMutation(productsApi.remove)
  return (
    <DeleteButton
      noun="product"
      run={() => remove.mutateAsync(id)}
      messages={{ done: PRODUCT_MESSAGES.deleted, failed: PRODUCT_MESSAGES.deleteFailed }}
      onDone={() => navigate(paths.products.list)}
      trash={{ target: productTrash, id }}
    />
  )
}
