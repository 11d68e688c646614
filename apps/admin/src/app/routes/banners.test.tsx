import { fixture } from '@shop/client-kit'
import { adminBanner } from '@shop/shared'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { category, categoryList, OWNER, productList, productRow, SHOP } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { callsTo, stubApi } from '../../test/stub-api.ts'

const BANNER = fixture(adminBanner, {
  _id: 'b-1',
  titleAr: 'تخفيضات',
  titleFr: 'Soldes',
  descriptionAr: '',
  descriptionFr: '',
  link: '/collection',
  position: 1,
  isActive: true,
  startsAt: null,
  endsAt: null,
  clickCount: 3,
  image: { src: '/media/banners/x-960.webp', srcSet: '/media/banners/x-960.webp 960w, /media/banners/x-1920.webp 1920w', width: 1920, height: 1080 },
  createdAt: '2026-11-01T08:00:00.000Z',
})

function stubBanners(patch: Parameters<typeof stubApi>[0][string] = ({ body }) => ({ data: { banner: { ...BANNER, ...(body as object) } } })) {
  return stubApi({
    '/admin/auth/me': { data: { staff: OWNER } },
    '/settings': { data: SHOP },
    '/admin/banners': { data: { banners: [BANNER], currentPage: 1, totalPages: 1, total: 1 } },
    '/admin/banners/b-1': patch,
    '/admin/categories': {
      data: categoryList([
        category({ _id: 'cat-1', slug: 'chaussures', nameAr: 'أحذية', nameFr: 'Chaussures' }),
        category({ _id: 'cat-2', slug: 'sacs', nameAr: 'حقائب', nameFr: 'Sacs', position: 1 }),
      ]),
    },
    '/admin/products': { data: productList([productRow({ slug: 'derby-cuir', nameAr: 'حذاء', nameFr: 'Derby en cuir', price: 8900 })]) },
  })
}

describe('banners', () => {
  test('a banner is edited: title, dates, visibility and a link picked from the categories or found by product name', async () => {
    const fetchMock = stubBanners()
    renderApp({ url: '/admin/banners', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier · Soldes' }))
    const form = screen.getByRole('form', { name: 'Modifier la bannière' })
    const link = within(form).getByLabelText('Lien (facultatif)') as HTMLInputElement
    expect(link.value).toBe('/collection')
    fireEvent.change(within(form).getByLabelText('Titre en français'), { target: { value: 'Soldes d’hiver' } })
    fireEvent.change(await within(form).findByLabelText('Lier à une catégorie'), { target: { value: 'cat-2' } })
    await waitFor(() => expect(link.value).toBe('/category/sacs'))
    fireEvent.change(within(form).getByLabelText('Lier à un produit'), { target: { value: 'derby' } })
    fireEvent.click(await within(form).findByRole('button', { name: 'Derby en cuir' }))
    expect(link.value).toBe('/product/derby-cuir')
    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '2099-01-31' } })
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Visible' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    await waitFor(() => expect(callsTo(fetchMock, '/admin/banners/b-1')).toHaveLength(1))
    expect(callsTo(fetchMock, '/admin/banners/b-1')[0]).toMatchObject({
      method: 'PATCH',
      body: { titleFr: 'Soldes d’hiver', link: '/product/derby-cuir', endsAt: '2099-01-30T23:00:00.000Z', isActive: false },
    })
    const products = fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/admin/products?'))
    expect(products).toContain('search=derby')
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Modifier la bannière' })).toBeNull())
  })

  test('a link that leads nowhere is said so under the link field; the picture limit is stated', async () => {
    stubBanners({ status: 422, code: 'LINK_NOT_FOUND', message: 'Ce lien ne mène nulle part dans la boutique.', errors: [{ field: 'link', message: 'Ce lien ne mène nulle part dans la boutique.' }] })
    renderApp({ url: '/admin/banners', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier · Soldes' }))
    const form = screen.getByRole('form', { name: 'Modifier la bannière' })
    expect(within(form).getByText(/8 Mo au plus/)).toBeTruthy()
    const link = within(form).getByLabelText('Lien (facultatif)')
    fireEvent.change(link, { target: { value: '/category/nope' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getAllByText('Ce lien ne mène nulle part dans la boutique.').length).toBeGreaterThan(0)
    expect(screen.getByRole('form', { name: 'Modifier la bannière' })).toBeTruthy()
  })

  test('a new picture replaces the old one after the texts are saved; a failed picture keeps the form open with the reason', async () => {
    let imageReply: { data: unknown } | { status: number; code: string; message: string } = { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'La requête est trop volumineuse.' }
    const fetchMock = stubApi({
      '/admin/auth/me': { data: { staff: OWNER } },
      '/settings': { data: SHOP },
      '/admin/banners': { data: { banners: [BANNER], currentPage: 1, totalPages: 1, total: 1 } },
      '/admin/banners/b-1': ({ body }) => ({ data: { banner: { ...BANNER, ...(body as object) } } }),
      '/admin/banners/b-1/image': () => imageReply,
      '/admin/categories': { data: categoryList([]) },
    })
    renderApp({ url: '/admin/banners', locale: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier · Soldes' }))
    const form = screen.getByRole('form', { name: 'Modifier la bannière' })
    const input = form.querySelector('input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2000)], 'soldes.jpg', { type: 'image/jpeg' })] } })
    await waitFor(() => expect(form.querySelector('img[src^="blob:"]')).toBeTruthy())
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('La requête est trop volumineuse.')).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Modifier la bannière' })).toBeTruthy()

    imageReply = { data: { banner: BANNER } }
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Modifier la bannière' })).toBeNull())
    const posts = fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/v1/admin/banners/b-1/image' && init?.method === 'POST')
    expect(posts).toHaveLength(2)
    expect((posts[1]?.[1]?.body as FormData).get('file')).toBeInstanceOf(File)
  })
})
