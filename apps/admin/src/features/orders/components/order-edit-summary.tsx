import { useLocale } from '@shop/client-kit'
import { colorName, formatPrice, type OrderEditSnapshot, orderEditDetails, pickLocalized } from '@shop/shared'
import { useTranslation } from 'react-i18next'

/** An 'edit' entry of the history, readably: the lines, the place, the customer and the total before and after. */
export function OrderEditSummary({ details }: { details: unknown }) {
  const { t } = useTranslation('orders')
  const locale = useLocale()
  const parsed = orderEditDetails.safeParse(details)
  if (!parsed.success) return <span className="text-sm font-semibold">{t('historyEdit.title')}</span>
  const { before, after } = parsed.data
  const lines = (s: OrderEditSnapshot) =>
    s.lines
      .map((l) => t('historyEdit.line', { name: pickLocalized(l.nameAr, l.nameFr, locale), size: l.size, color: colorName(l.color, locale), quantity: l.quantity }))
      .sort()
      .join(', ')
  const place = (s: OrderEditSnapshot) =>
    `${String(s.wilayaCode).padStart(2, '0')} ${pickLocalized(s.communeNameAr, s.communeNameFr, locale)} · ${t(`deliveryType.${s.deliveryType}`)}${s.address ? ` · ${s.address}` : ''}`
  const customer = (s: OrderEditSnapshot) => `${s.firstName} ${s.lastName} ${s.phone}`
  const changes: { key: string; text: string }[] = []
  if (lines(before) !== lines(after)) changes.push({ key: 'lines', text: t('historyEdit.lines', { before: lines(before), after: lines(after) }) })
  if (place(before) !== place(after)) changes.push({ key: 'place', text: t('historyEdit.place', { before: place(before), after: place(after) }) })
  if (customer(before) !== customer(after)) changes.push({ key: 'customer', text: t('historyEdit.customer', { before: customer(before), after: customer(after) }) })
  if (before.total !== after.total) {
    changes.push({ key: 'total', text: t('historyEdit.total', { before: formatPrice(before.total, locale), after: formatPrice(after.total, locale) }) })
  }
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-semibold">{t('historyEdit.title')}</span>
      <ul className="flex flex-col gap-0.5 text-sm">
        {changes.map((c) => (
          <li key={c.key}>
            <bdi>{c.text}</bdi>
          </li>
        ))}
      </ul>
    </div>
  )
}
