/**
 * Wilaya select then commune select. Choosing another wilaya empties the commune (communes belong to
 * one wilaya; ids, not names, since ~40 names repeat across wilayas).
 *
 *   const [place, setPlace] = useState({ wilaya: '', commune: '' })
 *   <WilayaCommuneFields value={place} onChange={setPlace} errors={{ wilaya: msg, commune: msg }} />
 * `wilaya` is the wilaya code ('16'), `commune` the commune id as text ('554'); send them as
 * shippingAddress.wilayaId / communeId. Errors are already-translated strings shown under each select.
 */
import { useTranslation } from 'react-i18next'
import { FormField, INPUT_CLASS } from '../../../components/ui/form-field.tsx'
import { useCommunes, usePlaceName, useWilayas } from '../api/use-locations.ts'

export interface PlaceValue {
  wilaya: string
  commune: string
}

export interface WilayaCommuneFieldsProps {
  value: PlaceValue
  onChange: (next: PlaceValue) => void
  errors?: { wilaya?: string; commune?: string }
  /** Keeps ids unique when two forms are on one page. */
  idPrefix?: string
  disabled?: boolean
}

export function WilayaCommuneFields({ value, onChange, errors = {}, idPrefix = 'place', disabled = false }: WilayaCommuneFieldsProps) {
  const { t } = useTranslation('checkout')
  const placeName = usePlaceName()
  const wilayas = useWilayas()
  const communes = useCommunes(value.wilaya)
  const wilayaError = errors.wilaya ?? (wilayas.isError ? t('place.wilayasFailed') : undefined)
  const communeError = errors.commune ?? (communes.isError ? t('place.communesFailed') : undefined)

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idPrefix}-wilaya`} label={t('place.wilaya')} error={wilayaError}>
        {(control) => (
          <select
            {...control}
            name="wilaya"
            className={INPUT_CLASS}
            value={value.wilaya}
            disabled={disabled || wilayas.isPending}
            onChange={(event) => onChange({ wilaya: event.target.value, commune: '' })}
          >
            <option value="">{wilayas.isPending ? t('place.loading') : t('place.chooseWilaya')}</option>
            {wilayas.data?.map((wilaya) => (
              <option key={wilaya.code} value={wilaya.code}>
                {`${wilaya.code} - ${placeName(wilaya)}`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-commune`} label={t('place.commune')} error={communeError}>
        {(control) => (
          <select
            {...control}
            name="commune"
            className={INPUT_CLASS}
            value={value.commune}
            disabled={disabled || value.wilaya === '' || communes.isPending}
            onChange={(event) => onChange({ wilaya: value.wilaya, commune: event.target.value })}
          >
            <option value="">
              {value.wilaya === ''
                ? t('place.wilayaFirst')
                : communes.isPending
                  ? t('place.loading')
                  : t('place.chooseCommune')}
            </option>
            {communes.data?.map((commune) => (
              <option key={commune._id} value={String(commune._id)}>
                {placeName(commune)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  )
}
