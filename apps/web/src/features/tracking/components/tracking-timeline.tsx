import '../../../lib/arabic-texts/tracking.ts'
import { useTranslation } from 'react-i18next'
import { isStopped, progressOf, timelineStates } from '../timeline.ts'

export interface TrackingTimelineProps {
  status: string
}

const DOT: Record<string, string> = {
  completed: 'bg-brand text-on-brand',
  current: 'border-2 border-brand bg-paper text-brand',
  pending: 'border-2 border-line bg-paper text-muted',
  cancelled: 'border-2 border-sale/40 bg-paper text-sale',
}

export function TrackingTimeline({ status }: TrackingTimelineProps) {
  const { t } = useTranslation('tracking')
  const steps = timelineStates(status)
  const stopped = isStopped(status)
  const progress = stopped ? 100 : progressOf(status)
  return (
    <div className="flex flex-col gap-4">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stopped ? 0 : progress}
        aria-label={t('timeline.progress')}
        className="h-2 overflow-hidden rounded-full bg-line"
      >
        <div className={`h-full ${stopped ? 'bg-sale' : 'bg-brand'}`} style={{ width: `${progress}%` }} />
      </div>
      {stopped ? (
        <p role="alert" className="rounded-md bg-sale/10 p-3 text-sm font-medium text-sale">
          {t('timeline.stopped')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step.key} className="flex items-start gap-3" data-state={step.state}>
            <span className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${DOT[step.state]}`} aria-hidden="true">
              {step.state === 'completed' ? '✓' : step.state === 'cancelled' ? '✕' : index + 1}
            </span>
            <span className="flex-1">
              <span className="block font-medium">{t(`timeline.steps.${step.key}.label`)}</span>
              <span className="block text-sm text-muted">{t(`timeline.steps.${step.key}.description`)}</span>
            </span>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                step.state === 'completed'
                  ? 'bg-brand/10 text-brand'
                  : step.state === 'current'
                    ? 'bg-ink text-paper'
                    : step.state === 'cancelled'
                      ? 'bg-sale/10 text-sale'
                      : 'text-muted'
              }`}
            >
              {t(`timeline.state.${step.state}`)}
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}
