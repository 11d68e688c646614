import { COURIER_CREDENTIAL_FIELDS, COURIER_ENGINES, COURIER_PRESETS, type CourierAccount, type CourierEngine } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { CheckboxField } from '../../components/ui/checkbox-field.tsx'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { useAccountChange } from './use-couriers.ts'

export interface CourierAccountFormProps {
  /** null: a new account. */
  account: CourierAccount | null
  wilayas: { wilayaCode: number; name: string }[]
  onDone: () => void
}

const isEngine = (value: string): value is CourierEngine => (COURIER_ENGINES as readonly string[]).includes(value)

/**
 * An account's settings and credentials. Credentials are write-only: the inputs start empty whatever is saved
 * (a "saved" mark says which are), and an empty input keeps the saved value.
 */
export function CourierAccountForm({ account, wilayas, onDone }: CourierAccountFormProps) {
  const { t } = useTranslation('couriers')
  const change = useAccountChange()
  const error = useErrorMessage(change.error)
  const [name, setName] = useState(account?.name ?? '')
  const [engine, setEngine] = useState<CourierEngine>(account?.engine ?? 'yalidine')
  const [baseUrl, setBaseUrl] = useState(account?.baseUrl ?? '')
  const [credentials, setCredentials] = useState<Record<string, string>>({})
  const [webhookSecret, setWebhookSecret] = useState('')
  const [senderWilayaCode, setSenderWilayaCode] = useState(account?.senderWilayaCode ?? 16)
  const [isDefault, setIsDefault] = useState(account?.isDefault ?? false)
  const [active, setActive] = useState(account?.active ?? true)
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : []
  const errorOf = (field: string) => fieldErrors.find((e) => e.field === field)?.message
  // the saved marks only hold for the saved engine's fields
  const savedFields = account && account.engine === engine ? account.credentialsSet : []

  const applyPreset = (index: string) => {
    const preset = COURIER_PRESETS[Number(index)]
    if (!preset) return
    setName(preset.name)
    setEngine(preset.engine)
    setBaseUrl(preset.baseUrl)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const given = Object.fromEntries(
      COURIER_CREDENTIAL_FIELDS[engine].flatMap((field) => (credentials[field]?.trim() ? [[field, credentials[field].trim()]] : [])),
    )
    const body = {
      name: name.trim(),
      engine,
      ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
      ...(Object.keys(given).length > 0 ? { credentials: given } : {}),
      ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}),
      senderWilayaCode,
      isDefault,
      active,
    }
    try {
      await change.mutateAsync(account ? { kind: 'update', id: account._id, body } : { kind: 'create', body })
      onDone()
    } catch {
      // shown on the fields and under the form
    }
  }

  return (
    <SectionCard title={account ? t('form.editTitle', { name: account.name }) : t('form.newTitle')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 md:grid-cols-2">
        {account ? null : (
          <SelectField
            label={t('form.preset')}
            defaultValue=""
            onChange={(event) => applyPreset(event.target.value)}
            options={[{ value: '', label: t('form.presetNone') }, ...COURIER_PRESETS.map((preset, index) => ({ value: String(index), label: preset.name }))]}
          />
        )}
        <TextField label={t('form.name')} name="name" value={name} maxLength={80} error={errorOf('name')} onChange={(event) => setName(event.target.value)} />
        <SelectField
          label={t('form.engine')}
          value={engine}
          error={errorOf('engine')}
          onChange={(event) => {
            if (isEngine(event.target.value)) setEngine(event.target.value)
          }}
          options={COURIER_ENGINES.map((value) => ({ value, label: t(`engines.${value}`) }))}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label={t('form.baseUrl')}
            name="baseUrl"
            dir="ltr"
            inputMode="url"
            value={baseUrl}
            error={errorOf('baseUrl')}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
          <p className="text-xs text-muted">
            {t('form.baseUrlHint')}
          </p>
        </div>
        <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3 md:col-span-2">
          <legend className="px-1 text-sm font-semibold">{t('form.credentials')}</legend>
          <p className="text-xs text-muted">{t('form.credentialsHint')}</p>
          {COURIER_CREDENTIAL_FIELDS[engine].map((field) => (
            <SecretInput
              key={`${engine}-${field}`}
              label={t(`fields.${field}`)}
              name={`credentials.${field}`}
              isSet={savedFields.includes(field)}
              value={credentials[field] ?? ''}
              error={errorOf(`credentials.${field}`)}
              onChange={(value) => setCredentials((current) => ({ ...current, [field]: value }))}
            />
          ))}
          <SecretInput
            label={t('form.webhookSecret')}
            name="webhookSecret"
            isSet={account?.webhookSecretSet ?? false}
            value={webhookSecret}
            error={errorOf('webhookSecret')}
            onChange={setWebhookSecret}
          />
          {account && engine !== 'ecotrack' ? (
            <p className="text-sm">
              {t('form.webhookAddress')}{' '}
              <bdi dir="ltr" className="font-mono text-xs break-all select-all">{`${window.location.origin}/api/v1/couriers/${account._id}/webhook`}</bdi>
            </p>
          ) : null}
        </fieldset>
        <SelectField
          label={t('form.senderWilaya')}
          value={String(senderWilayaCode)}
          error={errorOf('senderWilayaCode')}
          onChange={(event) => setSenderWilayaCode(Number(event.target.value))}
          options={wilayas.map((w) => ({ value: String(w.wilayaCode), label: `${String(w.wilayaCode).padStart(2, '0')} ${w.name}` }))}
        />
        <div className="flex flex-col justify-end">
          <CheckboxField label={t('form.isDefault')} checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
          <CheckboxField label={t('form.active')} checked={active} onChange={(event) => setActive(event.target.checked)} />
          {errorOf('active') ? <p className="text-sm text-danger">{errorOf('active')}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <button type="submit" className={buttonClass('primary')} disabled={change.isPending}>
            {t('form.save')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onDone}>
            {t('form.cancel')}
          </button>
        </div>
        <div className="md:col-span-2">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      </form>
    </SectionCard>
  )
}

interface SecretInputProps {
  label: string
  name: string
  isSet: boolean
  value: string
  error: string | undefined
  onChange: (value: string) => void
}

/** A password input that never shows the saved value; its label says whether one is saved. */
function SecretInput({ label, name, isSet, value, error, onChange }: SecretInputProps) {
  const { t } = useTranslation('couriers')
  return (
    <TextField
      label={`${label} (${isSet ? t('form.isSet') : t('form.notSet')})`}
      name={name}
      type="password"
      dir="ltr"
      autoComplete="new-password"
      spellCheck={false}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
