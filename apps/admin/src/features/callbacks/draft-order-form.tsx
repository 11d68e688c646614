import { ADDRESS_MIN, type AdminDraft, DELIVERY_TYPES, type DeliveryType, PERSON_NAME } from '@shop/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../components/ui/button-class.ts'
import { SelectField } from '../../components/ui/select-field.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ApiError } from '../../lib/api.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'
import { useCommunes, useOrderFromCallback, useWilayaList } from './callbacks-api.ts'

type Field = 'firstName' | 'lastName' | 'wilayaCode' | 'communeId' | 'address' | 'quantity'
type Errors = Partial<Record<Field, string>>

export interface DraftOrderFormProps {
  draft: AdminDraft
  onCreated: (order: { _id: string; trackingNumber: string }) => void
  onCancel: () => void
}

/**
 * What the call fills in before the draft becomes an order: the names as the customer gives them, the place
 * (commune and wilaya), the delivery type and, for home delivery, the address. The server prices it.
 */
export function DraftOrderForm({ draft, onCreated, onCancel }: DraftOrderFormProps) {
  const { t } = useTranslation(['callbacks', 'validation'])
  const [values, setValues] = useState({
    firstName: draft.firstName,
    lastName: draft.lastName,
    wilaya: draft.wilayaCode === null ? '' : String(draft.wilayaCode),
    commune: draft.communeId === null ? '' : String(draft.communeId),
    deliveryType: 'domicil' as DeliveryType,
    address: '',
    quantity: String(draft.quantity),
  })
  const [errors, setErrors] = useState<Errors>({})
  const wilayas = useWilayaList()
  const communes = useCommunes(values.wilaya === '' ? null : Number(values.wilaya))
  const create = useOrderFromCallback(draft._id)
  const failure = useErrorMessage(create.error)

  const set = (name: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [name]: value, ...(name === 'wilaya' ? { commune: '' } : {}) }))
    setErrors((current) => ({ ...current, [name === 'wilaya' ? 'wilayaCode' : name === 'commune' ? 'communeId' : name]: undefined }))
  }

  const validate = (): Errors => {
    const found: Errors = {}
    for (const name of ['firstName', 'lastName'] as const) {
      const value = values[name].trim()
      if (value === '') found[name] = t('validation:required')
      else if (!PERSON_NAME.test(value)) found[name] = t('validation:name.invalid')
    }
    if (values.wilaya === '') found.wilayaCode = t('validation:required')
    if (values.commune === '') found.communeId = t('validation:required')
    if (values.deliveryType === 'domicil' && values.address.trim().length < ADDRESS_MIN) found.address = t('validation:address.length')
    const quantity = Number(values.quantity)
    if (!Number.isInteger(quantity) || quantity < 1) found.quantity = t('validation:required')
    return found
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = validate()
    setErrors(found)
    if (Object.keys(found).length > 0 || create.isPending) return
    create.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        wilayaCode: Number(values.wilaya),
        communeId: Number(values.commune),
        deliveryType: values.deliveryType,
        address: values.deliveryType === 'domicil' ? values.address.trim() : null,
        quantity: Number(values.quantity),
      },
      {
        onSuccess: (data) => onCreated(data.order),
        onError: (error) => {
          if (!(error instanceof ApiError)) return
          const fromServer: Errors = {}
          for (const { field, message } of error.fieldErrors) fromServer[(field.split('.').pop() ?? '') as Field] = message
          setErrors(fromServer)
        },
      },
    )
  }

  const fieldErrorsShown = create.error instanceof ApiError && create.error.fieldErrors.length > 0

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-md border border-line bg-paper p-3" aria-label={t('callbacks:form.title', { name: draft.firstName })}>
      <p className="text-sm text-muted">{t('callbacks:form.intro')}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('callbacks:form.firstName')} name="firstName" value={values.firstName} error={errors.firstName} onChange={(e) => set('firstName', e.target.value)} autoComplete="off" />
        <TextField label={t('callbacks:form.lastName')} name="lastName" value={values.lastName} error={errors.lastName} onChange={(e) => set('lastName', e.target.value)} autoComplete="off" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('callbacks:form.wilaya')}
          name="wilaya"
          value={values.wilaya}
          error={errors.wilayaCode}
          onChange={(e) => set('wilaya', e.target.value)}
          options={[{ value: '', label: t('callbacks:form.choose') }, ...(wilayas.data ?? []).map((w) => ({ value: String(w._id), label: `${w.code} - ${w.name}` }))]}
        />
        <SelectField
          label={t('callbacks:form.commune')}
          name="commune"
          value={values.commune}
          error={errors.communeId}
          disabled={values.wilaya === ''}
          onChange={(e) => set('commune', e.target.value)}
          options={[{ value: '', label: t('callbacks:form.choose') }, ...(communes.data ?? []).map((c) => ({ value: String(c._id), label: c.name }))]}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t('callbacks:form.deliveryType')}
          name="deliveryType"
          value={values.deliveryType}
          onChange={(e) => set('deliveryType', e.target.value)}
          options={DELIVERY_TYPES.map((type) => ({ value: type, label: t(`callbacks:form.delivery.${type}`) }))}
        />
        <TextField label={t('callbacks:form.quantity')} name="quantity" type="number" inputMode="numeric" min={1} value={values.quantity} error={errors.quantity} onChange={(e) => set('quantity', e.target.value)} />
      </div>
      {values.deliveryType === 'domicil' ? (
        <TextField label={t('callbacks:form.address')} name="address" value={values.address} error={errors.address} onChange={(e) => set('address', e.target.value)} autoComplete="off" />
      ) : null}
      {failure && !fieldErrorsShown ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? t('callbacks:form.creating') : t('callbacks:form.submit')}
        </button>
        <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
          {t('callbacks:form.cancel')}
        </button>
      </div>
    </form>
  )
}
