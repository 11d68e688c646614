import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { GUEST_SESSION_KEY } from '../../lib/api.ts'
import { placedOrderOf, SETTINGS } from '../../test/fixtures.ts'
import { renderApp } from '../../test/render-app.tsx'
import { type FakeHandler, routeApi } from '../../test/route-api.ts'
import { cartItem, cartOf, COMMUNES, COUPON_CHECKED, SESSION_ID, WILAYAS, wilayaFeesOf } from '../../test/cart-fixtures.ts'

// Lazy route chunks load on first use: under a full parallel run the first screen can take over 1 s.
configure({ asyncUtilTimeout: 4000 })

function checkoutApi(extra: Record<string, FakeHandler> = {}, items = [cartItem({ quantity: 1, totalPrice: 5400 })]) {
  window.localStorage.setItem(GUEST_SESSION_KEY, SESSION_ID)
  return routeApi({
    '/settings': { data: { settings: SETTINGS } },
    'GET /auth/client/session': { data: { user: null } },
    'GET /cart/guest': { data: { cart: cartOf(items), sessionId: SESSION_ID } },
    'GET /location/states': { data: WILAYAS },
    'GET /location/states/16/cities': { data: COMMUNES },
    'GET /location/states/33/cities': { data: { cities: COMMUNES.cities.map((commune) => ({ ...commune, _id: 900, nameFr: 'Djanet' })) } },
    'GET /shipping/wilaya/16': { data: wilayaFeesOf(16, 600, 400) },
    'GET /shipping/wilaya/33': { data: wilayaFeesOf(33, 0, null) },
    ...extra,
  })
}

const submitButton = () => screen.getByRole('button', { name: /^(Confirmer la commande|تأكيد الطلب)/ }) as HTMLButtonElement

async function choosePlace(wilayaLabel: RegExp, communeLabel: RegExp, labels = { wilaya: 'Wilaya', commune: 'Commune' }) {
  const wilaya = await screen.findByLabelText(labels.wilaya)
  await screen.findByRole('option', { name: wilayaLabel })
  fireEvent.change(wilaya, { target: { value: (screen.getByRole('option', { name: wilayaLabel }) as HTMLOptionElement).value } })
  const option = (await screen.findByRole('option', { name: communeLabel })) as HTMLOptionElement
  fireEvent.change(screen.getByLabelText(labels.commune), { target: { value: option.value } })
}

function fillCustomer(values: { firstName: string; lastName: string; phone: string; address?: string }) {
  fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: values.firstName } })
  fireEvent.change(screen.getByLabelText('Nom'), { target: { value: values.lastName } })
  fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: values.phone } })
  if (values.address !== undefined) fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: values.address } })
}

afterEach(() => {
  vi.useRealTimers()
  // The checkout draft lives in this tab's storage.
  window.sessionStorage.clear()
})

describe('checkout', () => {
  test('submit stays disabled until wilaya, commune and delivery type are chosen, and the fee shows', async () => {
    checkoutApi()
    renderApp({ path: '/place-order', locale: 'fr' })
    await screen.findByRole('button', { name: 'Confirmer la commande' })
    expect(submitButton().disabled).toBe(true)
    const wilaya = await screen.findByLabelText('Wilaya')
    await screen.findByRole('option', { name: '16 - Alger' })
    fireEvent.change(wilaya, { target: { value: '16' } })
    // A wilaya alone is not enough.
    await screen.findByRole('option', { name: 'Sidi M’Hamed' })
    expect(submitButton().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Commune'), { target: { value: '554' } })
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    // 5 400 + 600 home delivery, the amount on the button.
    expect(submitButton().textContent).toBe('Confirmer la commande — 6\u202F000 DA')
    // Changing the wilaya empties the commune again.
    fireEvent.change(wilaya, { target: { value: '33' } })
    expect((screen.getByLabelText('Commune') as HTMLSelectElement).value).toBe('')
    expect(submitButton().disabled).toBe(true)
  })

  test('a wilaya without stop desk disables that choice and a zero fee reads "free"', async () => {
    checkoutApi()
    renderApp({ path: '/place-order', locale: 'fr' })
    await choosePlace(/Illizi/, /Djanet/)
    const stopdesk = (await screen.findByRole('radio', { name: /Retrait au bureau/ })) as HTMLInputElement
    await waitFor(() => expect(stopdesk.disabled).toBe(true))
    expect(screen.getAllByText('Gratuite').length).toBeGreaterThan(0)
  })

  test('an empty cart shows the message and a way to the collection, no form', async () => {
    checkoutApi({}, [])
    renderApp({ path: '/place-order', locale: 'fr' })
    expect(await screen.findByText('Votre panier est vide. Ajoutez des articles avant de commander.')).toBeTruthy()
    expect(screen.queryByLabelText('Prénom')).toBeNull()
  })

  test('field errors appear under each field in Arabic', async () => {
    const api = checkoutApi()
    renderApp({ path: '/place-order', locale: 'ar' })
    await choosePlace(/الجزائر/, /سيدي امحمد/, { wilaya: 'الولاية', commune: 'البلدية' })
    fireEvent.change(screen.getByLabelText('الاسم'), { target: { value: 'A' } })
    fireEvent.change(screen.getByLabelText('رقم الهاتف'), { target: { value: '0412345678' } })
    fireEvent.change(screen.getByLabelText('العنوان'), { target: { value: 'قصير' } })
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    const firstName = screen.getByLabelText('الاسم')
    expect(firstName.getAttribute('aria-invalid')).toBe('true')
    const describedBy = firstName.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy.split(' ').pop() ?? '')?.textContent).toBe('يجب أن يحتوي على 2 إلى 50 حرفًا، حروف فقط.')
    expect(screen.getByText('يرجى إدخال رقم هاتف جزائري صالح (05/06/07XXXXXXXX).')).toBeTruthy()
    expect(screen.getByText('يجب أن يتراوح العنوان بين 10 و200 حرف.')).toBeTruthy()
    // Last name empty: required.
    expect(screen.getAllByText('هذا الحقل مطلوب.').length).toBeGreaterThan(0)
    expect(api.calls('POST /order/guest')).toHaveLength(0)
  })

  test('the coupon code is upper-cased, stripped, and validated only after 800 ms with 3+ characters', async () => {
    const validate = vi.fn((): { data: unknown } => ({ data: COUPON_CHECKED }))
    const api = checkoutApi({ 'POST /coupons/client/validate': validate })
    renderApp({ path: '/place-order', locale: 'fr' })
    const input = (await screen.findByLabelText('Code promo')) as HTMLInputElement
    vi.useFakeTimers({ shouldAdvanceTime: false })
    fireEvent.change(input, { target: { value: 'bi' } })
    await act(async () => vi.advanceTimersByTimeAsync(1000))
    expect(validate).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: 'bien-venue 10!' } })
    expect(input.value).toBe('BIENVENUE10')
    await act(async () => vi.advanceTimersByTimeAsync(700))
    expect(validate).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTimeAsync(200))
    expect(validate).toHaveBeenCalledTimes(1)
    expect(api.calls('POST /coupons/client/validate')[0]?.body).toMatchObject({ code: 'BIENVENUE10', orderAmount: 5400 })
    vi.useRealTimers()
    expect(await screen.findByText('Code valide : 540 DA de réduction')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(screen.getByText('Code appliqué avec succès')).toBeTruthy()
    expect(screen.getByText('-540 DA')).toBeTruthy()
  })

  test('an expired coupon says so', async () => {
    checkoutApi({ 'POST /coupons/client/validate': { status: 422, code: 'COUPON_EXPIRED' } })
    renderApp({ path: '/place-order', locale: 'fr' })
    fireEvent.change(await screen.findByLabelText('Code promo'), { target: { value: 'ete2025' } })
    expect(await screen.findByText('Ce code a expiré', {}, { timeout: 2000 })).toBeTruthy()
  })

  test('on PRICE_CHANGED the new total is shown and confirming sends it', async () => {
    const orders: unknown[] = []
    const order = placedOrderOf()
    const api = checkoutApi({
      'POST /order/guest': (request) => {
        orders.push(request.body)
        const body = request.body as { totalAmount: number }
        if (body.totalAmount !== 6100) {
          return { status: 409, code: 'PRICE_CHANGED', data: { quote: { subtotal: 5400, discountAmount: 0, shippingFee: 700, totalAmount: 6100, items: [] } } }
        }
        return { data: { order, replayed: false } }
      },
    })
    const { router } = renderApp({ path: '/place-order', locale: 'fr' })
    await choosePlace(/Alger/, /Sidi/)
    fillCustomer({ firstName: 'Amine', lastName: 'Benali', phone: '+213 551 23 45 67', address: '12 rue Didouche Mourad' })
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    expect(await screen.findByText('Le montant de votre commande a changé')).toBeTruthy()
    const first = api.calls('POST /order/guest')[0]
    expect(first?.body).toMatchObject({
      totalAmount: 6000,
      customerInfo: { phone: '0551234567', email: null },
      shippingAddress: { wilayaId: '16', communeId: 554, type: 'domicil' },
      source: 'cart',
    })
    const firstKey = first?.headers.get('Idempotency-Key')
    expect(firstKey).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer au nouveau montant — 6\u202F100 DA' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'))
    const second = api.calls('POST /order/guest')[1]
    expect(second?.body).toMatchObject({ totalAmount: 6100 })
    expect(await screen.findByText('KH7Q2M9X4A')).toBeTruthy()
    expect(screen.getByText('Nous vous appelons sous 24 h pour confirmer la commande.', { selector: 'span' })).toBeTruthy()
  })

  test('a retry after a lost reply sends the same Idempotency-Key', async () => {
    let attempt = 0
    const api = checkoutApi({
      'POST /order/guest': () => {
        attempt++
        return { status: 503, code: 'UNAVAILABLE' }
      },
    })
    renderApp({ path: '/place-order', locale: 'fr' })
    await choosePlace(/Alger/, /Sidi/)
    fillCustomer({ firstName: 'Amine', lastName: 'Benali', phone: '0551234567', address: '12 rue Didouche Mourad' })
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(attempt).toBe(1))
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(attempt).toBe(2))
    const [a, b] = api.calls('POST /order/guest')
    expect(a?.headers.get('Idempotency-Key')).toBe(b?.headers.get('Idempotency-Key'))
  })
})

/** A reply that arrives `ms` after the request, as a real network does: the page renders "validating" first. */
function later(reply: { data: unknown } | { status: number; code: string; message?: string; data?: unknown }, ms = 300): FakeHandler {
  return () => new Promise((resolve) => setTimeout(() => resolve(reply), ms))
}

const VALID = { data: COUPON_CHECKED }

/** Types a code, then lets the 800 ms pause and the slow reply pass (fake timers). */
async function typeCoupon(value: string) {
  fireEvent.change(screen.getByLabelText('Code promo'), { target: { value } })
  await act(async () => vi.advanceTimersByTimeAsync(800))
  expect(screen.getByText('Vérification du code…')).toBeTruthy()
  await act(async () => vi.advanceTimersByTimeAsync(300))
}

describe('coupon box with replies that take time', () => {
  test('validating, then valid, applied (message gone after 3 s), sent with the order, then removed', async () => {
    const api = checkoutApi({
      'POST /coupons/client/validate': later(VALID),
      'DELETE /coupons/client/remove': { data: { appliedDiscount: 0, couponCode: null } },
    })
    renderApp({ path: '/place-order', locale: 'fr' })
    await screen.findByLabelText('Code promo')
    vi.useFakeTimers({ shouldAdvanceTime: false })
    await typeCoupon('bienvenue10')
    expect(screen.queryByText('Vérification du code…')).toBeNull()
    expect(screen.getByText('Code valide : 540 DA de réduction')).toBeTruthy()
    expect(api.calls('POST /coupons/client/validate')).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(screen.getByText('Code appliqué avec succès')).toBeTruthy()
    expect(screen.getByText('-540 DA')).toBeTruthy()
    await act(async () => vi.advanceTimersByTimeAsync(2900))
    expect(screen.queryByText('Code appliqué avec succès')).toBeTruthy()
    await act(async () => vi.advanceTimersByTimeAsync(200))
    expect(screen.queryByText('Code appliqué avec succès')).toBeNull()
    // The discount stays after the message has gone; no second check was made.
    expect(screen.getByText('Code BIENVENUE10 : -540 DA')).toBeTruthy()
    expect(api.calls('POST /coupons/client/validate')).toHaveLength(1)
    vi.useRealTimers()

    fireEvent.click(screen.getByRole('button', { name: 'Retirer' }))
    expect(screen.getByText('Code BIENVENUE10 retiré')).toBeTruthy()
    expect(screen.queryByText('-540 DA')).toBeNull()
    expect((screen.getByLabelText('Code promo') as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(api.calls('DELETE /coupons/client/remove')).toHaveLength(1))
  })

  test('the applied code goes with the order and the total counts the discount', async () => {
    const api = checkoutApi({
      'POST /coupons/client/validate': later(VALID),
      'POST /order/guest': { status: 503, code: 'UNAVAILABLE' },
    })
    renderApp({ path: '/place-order', locale: 'fr' })
    await choosePlace(/Alger/, /Sidi/)
    fillCustomer({ firstName: 'Amine', lastName: 'Benali', phone: '0551234567', address: '12 rue Didouche Mourad' })
    vi.useFakeTimers({ shouldAdvanceTime: false })
    await typeCoupon('BIENVENUE10')
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    vi.useRealTimers()
    // 5 400 - 540 + 600
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmer la commande — 5\u202F460 DA' }))
    await waitFor(() => expect(api.calls('POST /order/guest')).toHaveLength(1))
    expect(api.calls('POST /order/guest')[0]?.body).toMatchObject({ couponCode: 'BIENVENUE10', totalAmount: 5460 })
  })

  test.each([
    ['COUPON_UNKNOWN', undefined, 'Code promo invalide'],
    ['COUPON_EXPIRED', undefined, 'Ce code a expiré'],
    ['COUPON_LIMIT_REACHED', undefined, 'Ce code a atteint son nombre maximal d’utilisations'],
    ['COUPON_ALREADY_USED', undefined, 'Vous avez déjà utilisé ce code'],
    ['COUPON_MIN_ORDER', { minOrderAmount: 6000 }, 'Commande minimale de 6\u202F000 DA pour ce code'],
  ])('a %s refusal is shown under the box and the code cannot be applied', async (code, data, text) => {
    checkoutApi({ 'POST /coupons/client/validate': later({ status: 422, code, data }) })
    renderApp({ path: '/place-order', locale: 'fr' })
    await screen.findByLabelText('Code promo')
    vi.useFakeTimers({ shouldAdvanceTime: false })
    await typeCoupon('KHATWA500')
    const message = document.getElementById('coupon-message')
    expect(message?.textContent).toBe(text)
    expect(message?.getAttribute('role')).toBe('alert')
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(screen.queryByText('Code appliqué avec succès')).toBeNull()
  })

  test('Apply before a code is validated asks for a valid code; a new keystroke restarts the 800 ms wait', async () => {
    const validate = vi.fn(later(VALID) as () => Promise<{ data: unknown }>)
    checkoutApi({ 'POST /coupons/client/validate': validate })
    renderApp({ path: '/place-order', locale: 'fr' })
    const input = await screen.findByLabelText('Code promo')
    vi.useFakeTimers({ shouldAdvanceTime: false })
    fireEvent.change(input, { target: { value: 'BIENVENUE1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }))
    expect(screen.getByText('Veuillez d\u2019abord saisir un code valide'.replace('\u2019', "'"))).toBeTruthy()
    await act(async () => vi.advanceTimersByTimeAsync(500))
    fireEvent.change(input, { target: { value: 'BIENVENUE10' } })
    await act(async () => vi.advanceTimersByTimeAsync(500))
    expect(validate).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTimeAsync(300))
    expect(validate).toHaveBeenCalledTimes(1)
    await act(async () => vi.advanceTimersByTimeAsync(300))
    expect(screen.getByText('Code valide : 540 DA de réduction')).toBeTruthy()
  })
})

describe('checkout draft', () => {
  test('a reload restores what was typed, coupon included; placing the order clears it', async () => {
    const order = placedOrderOf({
      _id: 'o2',
      trackingNumber: 'KHDRAFT123',
      shippingAddress: { ...placedOrderOf().shippingAddress, type: 'stopdesk' },
      shippingFee: 400,
      totalAmount: 5800,
      paymentMethod: 'ccp',
    })
    const api = checkoutApi({
      'POST /coupons/client/validate': { status: 422, code: 'COUPON_UNKNOWN' },
      'POST /order/guest': { data: { order, replayed: false } },
    })
    const first = renderApp({ path: '/place-order', locale: 'fr' })
    await choosePlace(/Alger/, /Sidi/)
    fillCustomer({ firstName: 'Amine', lastName: 'Benali', phone: '٠٥٥١٢٣٤٥٦٧', address: '12 rue Didouche Mourad' })
    fireEvent.click(screen.getByRole('radio', { name: /Retrait au bureau/ }))
    fireEvent.click(screen.getByRole('radio', { name: /CCP/ }))
    fireEvent.change(screen.getByLabelText('Code promo'), { target: { value: 'ete2025' } })
    first.unmount()

    const { router } = renderApp({ path: '/place-order', locale: 'fr' })
    const field = async (label: string) => ((await screen.findByLabelText(label)) as HTMLInputElement | HTMLSelectElement).value
    await waitFor(async () => expect(await field('Commune')).toBe('554'))
    expect(await field('Wilaya')).toBe('16')
    expect(await field('Prénom')).toBe('Amine')
    expect(await field('Nom')).toBe('Benali')
    expect(await field('Téléphone')).toBe('٠٥٥١٢٣٤٥٦٧')
    expect(await field('Code promo')).toBe('ETE2025')
    expect((screen.getByRole('radio', { name: /Retrait au bureau/ }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: /CCP/ }) as HTMLInputElement).checked).toBe(true)
    // The restored code is checked again.
    expect(await screen.findByText('Code promo invalide', {}, { timeout: 2000 })).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Code promo'), { target: { value: '' } })
    await waitFor(() => expect(submitButton().disabled).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'))
    // Eastern Arabic digits are sent as the Latin mobile number.
    expect(api.calls('POST /order/guest')[0]?.body).toMatchObject({ customerInfo: { phone: '0551234567' }, paymentMethod: 'ccp' })
    expect(window.sessionStorage.getItem('checkout-draft')).toBeNull()
  })
})
