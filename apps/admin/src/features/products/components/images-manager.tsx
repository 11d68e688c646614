import { useLocale } from '@shop/client-kit'
import { colorName } from '@shop/shared'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClass } from '../../../components/ui/button-class.ts'
import { FormMessage } from '../../../components/ui/form-message.tsx'
import { SelectField } from '../../../components/ui/select-field.tsx'
import { useErrorMessage } from '../../../lib/use-error-message.ts'
import { usePreparedUpload } from '../../../lib/use-prepared-upload.ts'
import { useProductImages } from '../api/use-products.ts'
import type { AdminProductImage as ProductImage } from '@shop/shared'

export interface ImagesManagerProps {
  productId: string
  images: ProductImage[]
  /** The product's variant colours: a photo can be tied to one of them. */
  colors: string[]
}

/**
 * Upload (with a preview while it goes), delete, reorder and tie to a colour; the first image is the one
 * the shop shows first, and a colour's own photos come first when a shopper picks that colour.
 */
export function ImagesManager({ productId, images, colors }: ImagesManagerProps) {
  const { t } = useTranslation(['products', 'common'])
  const locale = useLocale()
  const colorOptions = [
    { value: '', label: t('images.anyColor') },
    ...colors.map((color) => ({ value: color, label: colorName(color, locale) })),
  ]
  const change = useProductImages(productId)
  const error = useErrorMessage(change.error)
  const upload = usePreparedUpload()
  const [preview, setPreview] = useState<string | null>(null)

  // The preview's object URL is released when it is replaced or the editor closes.
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  const move = (index: number, by: -1 | 1) => {
    const ids = images.map((image) => image._id)
    const [moved] = ids.splice(index, 1)
    if (moved === undefined) return
    ids.splice(index + by, 0, moved)
    change.mutate({ kind: 'order', imageIds: ids })
  }

  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {images.map((image, index) => (
          <li key={image._id} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-2">
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes="200px"
              alt={t('images.alt', { position: index + 1 })}
              width={image.width ?? 300}
              height={image.height ?? 300}
              className="aspect-square w-full rounded-md bg-surface object-cover"
            />
            {colors.length > 1 ? (
              <SelectField
                label={t('images.color', { position: index + 1 })}
                options={
                  image.color && !colors.includes(image.color)
                    ? [...colorOptions, { value: image.color, label: colorName(image.color, locale) }]
                    : colorOptions
                }
                value={image.color ?? ''}
                disabled={change.isPending}
                onChange={(event) => change.mutate({ kind: 'color', imageId: image._id, color: event.target.value || null })}
              />
            ) : null}
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                className={buttonClass('ghost', 'px-2')}
                disabled={index === 0 || change.isPending}
                onClick={() => move(index, -1)}
                aria-label={t('images.earlier', { position: index + 1 })}
              >
                <span aria-hidden="true" className="rtl:-scale-x-100">←</span>
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'px-2')}
                disabled={index === images.length - 1 || change.isPending}
                onClick={() => move(index, 1)}
                aria-label={t('images.later', { position: index + 1 })}
              >
                <span aria-hidden="true" className="rtl:-scale-x-100">→</span>
              </button>
              <button
                type="button"
                className={buttonClass('ghost', 'ms-auto px-2 text-danger')}
                disabled={change.isPending}
                onClick={() => {
                  if (window.confirm(t('images.confirmDelete'))) change.mutate({ kind: 'delete', imageId: image._id })
                }}
              >
                {t('images.delete')}
              </button>
            </div>
          </li>
        ))}
        {preview && change.isPending ? (
          <li className="flex flex-col gap-2 rounded-lg border border-dashed border-brand bg-white p-2">
            <img src={preview} alt="" className="aspect-square w-full rounded-md object-cover opacity-60" />
            <p role="status" className="text-xs text-muted">
              {t('images.uploading')}
            </p>
          </li>
        ) : null}
      </ul>
      {images.length === 0 && !change.isPending ? <p className="text-sm text-muted">{t('images.empty')}</p> : null}
      <label className={buttonClass('secondary', 'cursor-pointer self-start')}>
        {t('images.upload')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={change.isPending || upload.isPreparing}
          onChange={async (event) => {
            const picked = event.target.files?.[0]
            event.target.value = ''
            const file = picked ? await upload.prepare(picked) : null
            if (!file) return
            setPreview(URL.createObjectURL(file))
            change.mutate({ kind: 'upload', file })
          }}
        />
      </label>
      <p className="text-xs text-muted">{upload.isPreparing ? t('common:upload.preparing') : t('common:upload.limit')}</p>
      <FormMessage tone="error">{upload.error || error}</FormMessage>
    </div>
  )
}
