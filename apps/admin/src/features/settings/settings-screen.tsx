import { type AdminShopSettings as ShopSettings, type adminShopSettingsReply, normalizeDzMobile, normalizeDzPhone, VERY_HIGH_RISK_ACTIONS, type VeryHighRiskAction, WILAYA_DIVISIONS } from '@shop/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { CheckboxField } from '../../components/ui/checkbox-field.tsx'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { TextareaField } from '../../components/ui/textarea-field.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { settingsKeys } from '../../lib/shop-settings.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { usePreparedUpload } from '../../lib/use-prepared-upload.ts'

const KEY = ['admin-settings'] as const
const TEXT_FIELDS = ['nameAr', 'nameFr', 'phone', 'whatsapp', 'email', 'addressAr', 'addressFr', 'bankDetails', 'ccpDetails'] as const
type TextKey = (typeof TEXT_FIELDS)[number]
const ORDER_LIMIT_FIELDS = ['maxLineQuantity', 'maxOrderQuantity', 'maxOpenOrdersPerPhone'] as const
/** Whole numbers of the form: the order limits, the risk thresholds and the hours a call-back draft is kept. */
const NUMBER_FIELDS = [...ORDER_LIMIT_FIELDS, 'riskHighAmount', 'riskRecentOrders', 'draftExpiryHours'] as const
type LimitKey = (typeof NUMBER_FIELDS)[number]

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const { t } = useTranslation(['shop', 'common', 'validation'])
  const queryClient = useQueryClient()
  const [values, setValues] = useState(() => ({
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, settings[key] ?? ''])),
    ...Object.fromEntries(NUMBER_FIELDS.map((key) => [key, String(settings[key])])),
    wilayaDivision: String(settings.wilayaDivision),
  }) as Record<TextKey | LimitKey | 'wilayaDivision', string>)
  // what each risk level does (packages/shared/src/risk.ts)
  const [riskRules, setRiskRules] = useState(() => ({
    riskTrustedMaySkipCall: settings.riskTrustedMaySkipCall,
    riskHighMustCall: settings.riskHighMustCall,
    riskVeryHighAction: settings.riskVeryHighAction as VeryHighRiskAction,
  }))
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: KEY })
    // The shell shows the shop's name from the public settings.
    await queryClient.invalidateQueries({ queryKey: settingsKeys.shop() })
  }
  const save = useMutation({
    // the fields of shopSettingsBody; a limit that is not a whole number is sent as typed, for the server to name it
    mutationFn: (body: Record<string, unknown>) => api<typeof adminShopSettingsReply>('/admin/settings', { method: 'PATCH', body }),
    onSuccess: refresh,
  })
  const logo = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return api<typeof adminShopSettingsReply>('/admin/settings/logo', { method: 'POST', body: form })
    },
    onSuccess: refresh,
  })
  const saveError = useErrorMessage(save.error)
  const upload = usePreparedUpload()
  const logoError = useErrorMessage(logo.error)
  const [phoneErrors, setPhoneErrors] = useState<Partial<Record<TextKey, string>>>({})
  const fieldError = (field: TextKey | LimitKey) =>
    (field in phoneErrors ? phoneErrors[field as TextKey] : undefined) ??
    (save.error instanceof ApiError ? save.error.fieldErrors.find((e) => e.field === field)?.message : undefined)
  const bind = (key: TextKey | LimitKey) => ({
    name: key,
    value: values[key],
    error: fieldError(key),
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value }),
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The shared rules the API applies: the shop's phone is an Algerian mobile or landline, WhatsApp a mobile.
    const wrong: Partial<Record<TextKey, string>> = {}
    if (values.phone.trim() && normalizeDzPhone(values.phone) === null) wrong.phone = t('validation:phone.shop')
    if (values.whatsapp.trim() && normalizeDzMobile(values.whatsapp) === null) wrong.whatsapp = t('validation:phone.invalid')
    setPhoneErrors(wrong)
    if (Object.keys(wrong).length > 0) return
    const body: Record<string, unknown> = { wilayaDivision: Number(values.wilayaDivision), ...riskRules }
    for (const key of TEXT_FIELDS) {
      const value = values[key].trim()
      body[key] = key === 'nameAr' || key === 'nameFr' ? value : value || null
    }
    // whole numbers only; anything else is sent as is and the server names the field
    for (const key of NUMBER_FIELDS) {
      const value = values[key].trim()
      body[key] = /^\d{1,6}$/.test(value) ? Number(value) : value
    }
    save.mutate(body)
  }

  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={t('settings.logo')}>
        <div className="flex flex-wrap items-center gap-4">
          {settings.logo ? (
            <img src={settings.logo} alt={t('settings.logoAlt')} className="h-16 w-auto rounded-md border border-line bg-white p-1" />
          ) : (
            <p className="text-sm text-muted">{t('settings.noLogo')}</p>
          )}
          <label className={buttonClass('secondary', 'cursor-pointer')}>
            {logo.isPending ? t('settings.uploading') : t('settings.uploadLogo')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={logo.isPending || upload.isPreparing}
              onChange={async (event) => {
                const picked = event.target.files?.[0]
                event.target.value = ''
                const file = picked ? await upload.prepare(picked) : null
                if (file) logo.mutate(file)
              }}
            />
          </label>
        </div>
        <p className="mt-2 text-xs text-muted">{t('common:upload.limit')}</p>
        <div className="mt-2">
          <FormMessage tone="error">{upload.error || logoError}</FormMessage>
        </div>
      </SectionCard>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SectionCard title={t('settings.identity')}>
          <div className="grid gap-3 md:grid-cols-2">
            <div dir="rtl"><TextField label={t('settings.nameAr')} {...bind('nameAr')} /></div>
            <div dir="ltr"><TextField label={t('settings.nameFr')} {...bind('nameFr')} /></div>
            <TextField label={t('settings.phone')} type="tel" inputMode="tel" dir="ltr" {...bind('phone')} />
            <TextField label={t('settings.whatsapp')} type="tel" inputMode="tel" dir="ltr" {...bind('whatsapp')} />
            <TextField label={t('settings.email')} type="email" inputMode="email" dir="ltr" {...bind('email')} />
            <SelectField
              label={t('settings.division')}
              value={values.wilayaDivision}
              onChange={(event) => setValues({ ...values, wilayaDivision: event.target.value })}
              options={WILAYA_DIVISIONS.map((d) => ({ value: String(d), label: t(`settings.divisions.${d}`) }))}
            />
            <div dir="rtl"><TextareaField label={t('settings.addressAr')} {...bind('addressAr')} /></div>
            <div dir="ltr"><TextareaField label={t('settings.addressFr')} {...bind('addressFr')} /></div>
          </div>
        </SectionCard>
        <SectionCard title={t('settings.payment')}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextareaField label={t('settings.bankDetails')} rows={4} {...bind('bankDetails')} />
            <TextareaField label={t('settings.ccpDetails')} rows={4} {...bind('ccpDetails')} />
          </div>
          <p className="mt-2 text-xs text-muted">{t('settings.feesElsewhere')}</p>
        </SectionCard>
        <SectionCard title={t('settings.orderLimits')}>
          <div className="grid gap-3 md:grid-cols-3">
            {ORDER_LIMIT_FIELDS.map((key) => (
              <TextField key={key} label={t(`settings.${key}`)} type="text" inputMode="numeric" dir="ltr" {...bind(key)} />
            ))}
          </div>
          <p className="mt-2 text-xs text-muted">{t('settings.orderLimitsHelp')}</p>
        </SectionCard>
        <SectionCard title={t('settings.callbacks')}>
          <div className="grid gap-3 md:grid-cols-3">
            <TextField label={t('settings.draftExpiryHours')} type="text" inputMode="numeric" dir="ltr" {...bind('draftExpiryHours')} />
          </div>
          <p className="mt-2 text-xs text-muted">{t('settings.callbacksHelp')}</p>
        </SectionCard>
        <SectionCard title={t('settings.risk.title')}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField label={t('settings.risk.highAmount')} type="text" inputMode="numeric" dir="ltr" {...bind('riskHighAmount')} />
            <TextField label={t('settings.risk.recentOrders')} type="text" inputMode="numeric" dir="ltr" {...bind('riskRecentOrders')} />
            <CheckboxField
              label={t('settings.risk.trustedMaySkipCall')}
              checked={riskRules.riskTrustedMaySkipCall}
              onChange={(event) => setRiskRules({ ...riskRules, riskTrustedMaySkipCall: event.target.checked })}
            />
            <CheckboxField
              label={t('settings.risk.highMustCall')}
              checked={riskRules.riskHighMustCall}
              onChange={(event) => setRiskRules({ ...riskRules, riskHighMustCall: event.target.checked })}
            />
            <SelectField
              label={t('settings.risk.veryHigh')}
              value={riskRules.riskVeryHighAction}
              onChange={(event) => setRiskRules({ ...riskRules, riskVeryHighAction: event.target.value as VeryHighRiskAction })}
              options={VERY_HIGH_RISK_ACTIONS.map((a) => ({ value: a, label: t(`settings.risk.${a}`) }))}
            />
          </div>
        </SectionCard>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
            {t('settings.save')}
          </button>
          {save.isSuccess ? <FormMessage tone="success">{t('settings.saved')}</FormMessage> : null}
        </div>
        <FormMessage tone="error">{saveError}</FormMessage>
      </form>
    </div>
  )
}

export function SettingsScreen() {
  const { t } = useTranslation(['shop', 'common'])
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<typeof adminShopSettingsReply>('/admin/settings', { signal }).then((d) => d.settings),
  })
  const loadError = useErrorMessage(settings.error)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('settings.title')}</h1>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState title={t('settings.loadError')} message={loadError} onRetry={() => void settings.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-96" />
        </div>
      )}
    </div>
  )
}
