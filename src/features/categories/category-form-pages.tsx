// Create and edit screens of either hierarchy, rendered from the schema files. The parent
// picker searches the hierarchy; on edit the category and its descendants are left out. A
// category changed elsewhere while it is edited says by whom and what changed, and offers to load
// the new version under the operator's edits (components/record-changed-alert.tsx).
import { Card } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router-dom'
import { routeId } from '../../app/paths'
import { CancelLink } from '../../components/cancel-link'
import { notify } from '../../components/messages'
import { PageHeader } from '../../components/page-header'
import { PageSpinner } from '../../components/page-spinner'
import { PresenceNotice } from '../../components/presence-notice'
import { lazyNotices, RecordChangedAlert } from '../../components/record-changed-alert'
import { withFieldOptions } from '../../forms/define-form'
import { SchemaForm } from '../../forms/schema-form'
import { useFormSubmit } from '../../forms/use-form-submit'
import { useEditRecord } from '../../lib/use-edit-record'
import { type Category, type CategoryFields, categoriesApi } from './categories-api'
import { categoryForm } from './category-forms'
import {
  CATEGORY_MESSAGES,
  type CategoryKind,
  productCategoryKind,
  serviceProviderCategoryKind,
} from './category-kinds'

export function CategoryCreatePage({ kind }: { kind: CategoryKind }) {
  const navigate = useNavigate()
  const form = categoryForm(kind, 'create')
  const categories = categoriesApi(kind)
  const source = categories.source(CATEGORY_MESSAGES.parentsFailed)
  const create = useMutation(categories.create)
  const { busy, submit } = useFormSubmit({
    submit: create.mutateAsync,
    onSuccess: ({ id }) => {
      notify.success(kind.messages.created)
      navigate(kind.routes.detail(id))
    },
    fallbackError: kind.messages.createFailed,
  })
  return (
    <>
      <PageHeader title={kind.titles.create} />
      <FormCard>
        <SchemaForm<CategoryFields>
          schema={form.schema}
          uiSchema={withFieldOptions(form.uiSchema, kind.parentField, { source })}
          validator={form.validator}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={kind.routes.list} />}
        />
      </FormCard>
    </>
  )
}

/** Each hierarchy's notices of a change made elsewhere, loaded with its field titles. */
const noticesOf = (kind: CategoryKind) =>
  lazyNotices(() => import('./category-custom-fields').then((m) => m.categoryTitles(kind)))
const notices = {
  parentId: noticesOf(serviceProviderCategoryKind),
  parentCategoryId: noticesOf(productCategoryKind),
}

export function CategoryEditPage({ kind }: { kind: CategoryKind }) {
  const navigate = useNavigate()
  const id = routeId(useParams().id)
  const form = categoryForm(kind, 'update')
  const categories = categoriesApi(kind)
  const category = useEditRecord(categories.get(id), (record: Category) => formDataOf(kind, record))
  const source = categories.source(CATEGORY_MESSAGES.parentsFailed)
  const update = useMutation(categories.update)
  const { busy, submit } = useFormSubmit({
    submit: (fields: CategoryFields) => update.mutateAsync({ id, fields, etag: category.etag }),
    onSuccess: () => navigate(kind.routes.detail(id)),
    onStale: category.markStale,
    fallbackError: CATEGORY_MESSAGES.updateFailed,
  })
  if (category.status === 'loading') return <PageSpinner />
  if (!category.record) return <PageHeader title={kind.titles.edit} />
  const { name } = category.record
  return (
    <>
      <PageHeader
        title={kind.titles.edit}
        description={name}
        crumbs={[
          { label: kind.titles.list, to: kind.routes.list },
          { label: name, to: kind.routes.detail(id) },
          { label: 'Edit' },
        ]}
      />
      <PresenceNotice record={`${kind.apiPath}/${id}`} />
      <RecordChangedAlert edit={category} notices={notices[kind.parentField]} />
      <FormCard>
        <SchemaForm<CategoryFields>
          key={category.form.key}
          schema={form.schema}
          uiSchema={withFieldOptions(form.uiSchema, kind.parentField, { source, exclude: id })}
          validator={form.validator}
          formData={category.form.formData}
          editedFrom={category.form.editedFrom}
          onChange={category.form.onChange}
          busy={busy}
          onSubmit={submit}
          actions={<CancelLink to={kind.routes.detail(id)} />}
        />
      </FormCard>
    </>
  )
}

/** The category as its edit form's data: custom fields beside the built-in ones. */
function formDataOf(kind: CategoryKind, category: Category): Partial<CategoryFields> {
  const { name, description, parent, custom } = category
  return { ...custom, name, description, [kind.parentField]: parent }
}

function FormCard({ children }: { children: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" maxW="3xl">
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}
