// Issue 14 point 5: leaving a form with unsaved changes asks first ("Discard unsaved
// changes?"), by a link, the side menu, Cancel or Back; the tab's close or reload gets the
// browser's beforeunload prompt. An untouched form, one edited back, or a saved one never asks.
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl } from '../msw/handlers'
import { server } from '../msw/server'
import { currentPath, renderApp } from '../support/render-app'

const forms = [
  {
    page: '/service-provider-categories/new',
    field: 'Name',
    cancel: '/service-provider-categories',
  },
  {
    page: '/service-provider-categories/2/edit',
    field: 'Name',
    cancel: '/service-provider-categories/2',
  },
  { page: '/product-categories/new', field: 'Name', cancel: '/product-categories' },
  { page: '/product-categories/2/edit', field: 'Name', cancel: '/product-categories/2' },
  { page: '/service-providers/new', field: 'Brand Name', cancel: '/service-providers' },
  { page: '/service-providers/9/edit', field: 'Brand Name', cancel: '/service-providers/9' },
  {
    page: '/service-providers/9/products/new',
    field: 'Name',
    cancel: '/service-providers/9/products',
  },
  { page: '/products/5/edit', field: 'Name', cancel: '/products/5' },
  { page: '/products/5/images/new', field: 'Image Name', cancel: '/products/5/images' },
  { page: '/products/5/images/12/edit', field: 'Image Name', cancel: '/products/5/images/12' },
]

const dialog = () => screen.queryByRole('alertdialog', { name: 'Discard unsaved changes?' })
const textbox = (name: string) => screen.getByRole('textbox', { name })

async function open(page: string) {
  const view = renderApp(page, { signedIn: true })
  // The first lazy form page of a run takes a while to load on a busy machine.
  const cancel = await screen.findByRole('link', { name: 'Cancel' }, { timeout: 10_000 })
  return { ...view, cancel }
}

describe.each(forms)('the form at $page', (form) => {
  it('leaves at once when untouched', async () => {
    const { user, router, cancel } = await open(form.page)
    await user.click(cancel)
    await waitFor(() => expect(currentPath(router)).toBe(form.cancel))
    expect(dialog()).toBeNull()
  })

  it('asks before Cancel leaves a changed form: Keep editing stays, Discard leaves', async () => {
    const { user, router, cancel } = await open(form.page)
    await user.type(textbox(form.field), 'Typed')
    await user.click(cancel)
    const asked = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(asked).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(dialog()).toBeNull())
    expect(currentPath(router)).toBe(form.page)
    expect((textbox(form.field) as HTMLInputElement).value).toMatch(/Typed$/)

    await user.click(cancel)
    const again = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(again).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(currentPath(router)).toBe(form.cancel))
  })

  it('leaves at once when edited back to what it started with', async () => {
    const { user, router, cancel } = await open(form.page)
    await user.type(textbox(form.field), 'ab{Backspace}{Backspace}')
    await user.click(cancel)
    await waitFor(() => expect(currentPath(router)).toBe(form.cancel))
    expect(dialog()).toBeNull()
  })
})

describe('the unsaved-changes guard on an edit screen', () => {
  const page = '/service-provider-categories/2/edit'

  it('asks before a side-menu link and before Back', async () => {
    const { user, router } = await open(page)
    await router.navigate('/service-provider-categories/2')
    await router.navigate(page)
    await screen.findByRole('link', { name: 'Cancel' })
    await user.type(textbox('Name'), ' Plus')

    const menu = screen.getByRole('navigation', { name: 'Main menu' })
    await user.click(within(menu).getByRole('link', { name: 'Products' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep editing' }),
    )
    await waitFor(() => expect(dialog()).toBeNull())
    expect(currentPath(router)).toBe(page)

    void router.navigate(-1)
    const asked = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })
    await user.click(within(asked).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-provider-categories/2'))
  })

  it('does not ask when the save leaves for the saved record', async () => {
    server.use(
      http.put(apiUrl('/service-provider-categories/2'), () => HttpResponse.json({ id: 2 })),
    )
    const { user, router } = await open(page)
    await user.type(textbox('Name'), ' Plus')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(currentPath(router)).toBe('/service-provider-categories/2'))
    expect(dialog()).toBeNull()
  })

  it('asks again after a save that failed', async () => {
    server.use(
      http.put(apiUrl('/service-provider-categories/2'), () =>
        HttpResponse.json({ detail: 'Name is taken' }, { status: 400 }),
      ),
    )
    const { user, router, cancel } = await open(page)
    await user.type(textbox('Name'), ' Plus')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await screen.findByText('Name is taken')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled())
    await user.click(cancel)
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleName('Discard unsaved changes?')
    expect(currentPath(router)).toBe(page)
  })

  it('holds closing or reloading the tab only while the form has changes', async () => {
    const { user } = await open(page)
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await user.type(textbox('Name'), 'x')
    expect(unload()).toBe(true)
    await user.type(textbox('Name'), '{Backspace}')
    expect(unload()).toBe(false)
  })
})
