import '../../../lib/arabic-texts/tracking.ts'
import { useLocale } from '@shop/client-kit'
import type { PublicCourierEvent } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { formatTrackingDate } from './tracking-card.tsx'

export interface CourierTimelineProps {
  events: PublicCourierEvent[]
}

/**
 * The courier's news of the parcel, newest first: the state in the shopper's language, the time and the centre.
 * The courier's own words and a failure's reason are never sent to the shopper: a failed attempt reads "delivery
 * attempt failed".
 */
export function CourierTimeline({ events }: CourierTimelineProps) {
  const { t } = useTranslation('tracking')
  const locale = useLocale()
  if (events.length === 0) return null
  return (
    <section aria-labelledby="tracking-courier">
      <h3 id="tracking-courier" className="font-semibold">
        {t('courier.title')}
      </h3>
      <ol className="mt-2 flex flex-col gap-2 border-s-2 border-line ps-4">
        {[...events].reverse().map((event, index) => (
          <li key={`${event.status}-${event.occurredAt}-${index}`} className="text-sm">
            <span className="block font-medium">{t(`courier.status.${event.status}`)}</span>
            <span className="block text-muted">
              {formatTrackingDate(event.occurredAt, locale)}
              {event.centre ? (
                <>
                  {' · '}
                  <bdi>{event.centre}</bdi>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
