import { useLocale } from '@shop/client-kit'
import {
  type AdminCategory,
  type adminCategoryReply,
  type categoryBody,
  type categoryPatchBody,
  type deletedReply,
  pickLocalized,
} from '@shop/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { buttonClass } from '../../components/ui/button-class.ts'
import { ErrorState } from '../../components/ui/error-state.tsx'
import { inputClass } from '../../components/ui/field-classes.ts'
import { FormMessage } from '../../components/ui/form-message.tsx'
import { SectionCard } from '../../components/ui/section-card.tsx'
import { SelectField } from '../../components/ui/select-field.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { cardTableClasses as c } from '../../components/ui/table-classes.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { api } from '../../lib/api.ts'
import { productKeys } from '../../lib/product-keys.ts'
import { useCategories } from '../../lib/use-categories.ts'
import { useErrorMessage } from '../../lib/use-error-message.ts'

/** Parents first, each followed by its children, by position: the order the storefront menu uses. */
export function treeOrder(list: AdminCategory[]): { category: AdminCategory; depth: number }[] {
  const byParent = new Map<string | null, AdminCategory[]>()
  for (const category of list) byParent.set(category.parentId, [...(byParent.get(category.parentId) ?? []), category])
  const out: { category: AdminCategory; depth: number }[] = []
  const walk = (parent: string | null, depth: number) => {
    for (const category of (byParent.get(parent) ?? []).sort((a, b) => a.position - b.position)) {
      out.push({ category, depth })
      walk(category._id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

type CategoryChange =
  | { kind: 'create'; body: z.input<typeof categoryBody> }
  | { kind: 'change'; id: string; body: z.input<typeof categoryPatchBody> }
  | { kind: 'remove'; id: string }

function useCategoryChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: CategoryChange): Promise<void> => {
      if (change.kind === 'remove') await api<typeof deletedReply>(`/admin/categories/${change.id}`, { method: 'DELETE' })
      else if (change.kind === 'change') await api<typeof adminCategoryReply>(`/admin/categories/${change.id}`, { method: 'PATCH', body: change.body })
      else await api<typeof adminCategoryReply>('/admin/categories', { method: 'POST', body: change.body })
    },
    // the product editor and the banner form read the same list
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.categories() }),
  })
}

function CategoryRow({ category, depth }: { category: AdminCategory; depth: number }) {
  const { t } = useTranslation('catalogue')
  const change = useCategoryChange()
  const error = useErrorMessage(change.error)
  const [values, setValues] = useState({ nameAr: category.nameAr, nameFr: category.nameFr, position: String(category.position) })
  const isDirty = values.nameAr !== category.nameAr || values.nameFr !== category.nameFr || values.position !== String(category.position)
  const label = category.nameFr || category.nameAr
  return (
    <tr className={c.tr}>
      <td className={`${c.td} ${c.full}`}>
        <span aria-hidden="true" className={c.label}>{t('table.nameAr')}</span>
        <div className="flex items-center gap-2" style={{ paddingInlineStart: `${depth * 1.5}rem` }}>
          {depth > 0 ? <span aria-hidden="true" className="text-muted">└</span> : null}
          <input
            dir="rtl"
            lang="ar"
            aria-label={t('table.nameArOf', { name: label })}
            value={values.nameAr}
            onChange={(event) => setValues({ ...values, nameAr: event.target.value })}
            className={`${inputClass} min-w-0 flex-1 md:min-w-32`}
          />
        </div>
      </td>
      <td className={`${c.td} ${c.full}`}>
        <span aria-hidden="true" className={c.label}>{t('table.nameFr')}</span>
        <input
          dir="ltr"
          lang="fr"
          aria-label={t('table.nameFrOf', { name: label })}
          value={values.nameFr}
          onChange={(event) => setValues({ ...values, nameFr: event.target.value })}
          className={`${inputClass} w-full md:min-w-32`}
        />
      </td>
      <td className={c.td}>
        <span aria-hidden="true" className={c.label}>{t('table.position')}</span>
        <input
          inputMode="numeric"
          aria-label={t('table.positionOf', { name: label })}
          value={values.position}
          onChange={(event) => setValues({ ...values, position: event.target.value })}
          className={`${inputClass} w-16`}
        />
      </td>
      <td className={c.tdFigure}>
        <span aria-hidden="true" className={c.label}>{t('table.products')}</span>
        <span className="inline-flex min-h-11 items-center md:min-h-0">{category.productCount}</span>
      </td>
      <td className={c.td}>
        <span aria-hidden="true" className={c.label}>{t('table.active')}</span>
        <input
          type="checkbox"
          className="size-5 accent-brand max-md:my-3"
          aria-label={t('table.activeOf', { name: label })}
          checked={category.isActive}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ kind: 'change', id: category._id, body: { isActive: event.target.checked } })}
        />
      </td>
      <td className={`${c.td} ${c.full} whitespace-nowrap`}>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!isDirty || change.isPending || !values.nameAr.trim() || !values.nameFr.trim() || !/^\d+$/.test(values.position)}
          onClick={() =>
            change.mutate({
              kind: 'change',
              id: category._id,
              body: { nameAr: values.nameAr.trim(), nameFr: values.nameFr.trim(), position: Number(values.position) },
            })
          }
        >
          {t('table.save')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'text-danger')}
          disabled={change.isPending || category.productCount > 0 || category.childCount > 0}
          title={category.productCount > 0 || category.childCount > 0 ? t('table.notEmpty') : undefined}
          onClick={() => {
            if (window.confirm(t('table.confirmDelete', { name: label }))) change.mutate({ kind: 'remove', id: category._id })
          }}
        >
          {t('table.delete')}
        </button>
        {error ? <p role="alert" className="text-xs text-danger">{error}</p> : null}
      </td>
    </tr>
  )
}

function NewCategory({ parents }: { parents: AdminCategory[] }) {
  const { t } = useTranslation('catalogue')
  const locale = useLocale()
  const change = useCategoryChange()
  const error = useErrorMessage(change.error)
  const [values, setValues] = useState({ nameAr: '', nameFr: '', parentId: '' })
  const [isMissing, setIsMissing] = useState(false)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!values.nameAr.trim() || !values.nameFr.trim()) {
      setIsMissing(true)
      return
    }
    setIsMissing(false)
    try {
      await change.mutateAsync({
        kind: 'create',
        body: { nameAr: values.nameAr.trim(), nameFr: values.nameFr.trim(), parentId: values.parentId || null },
      })
      setValues({ nameAr: '', nameFr: '', parentId: '' })
    } catch {
      // shown below
    }
  }
  return (
    <SectionCard title={t('new.title')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t('new.nameAr')}
          name="nameAr"
          dir="rtl"
          value={values.nameAr}
          error={isMissing && !values.nameAr.trim() ? t('new.required') : undefined}
          onChange={(event) => setValues({ ...values, nameAr: event.target.value })}
        />
        <TextField
          label={t('new.nameFr')}
          name="nameFr"
          dir="ltr"
          value={values.nameFr}
          error={isMissing && !values.nameFr.trim() ? t('new.required') : undefined}
          onChange={(event) => setValues({ ...values, nameFr: event.target.value })}
        />
        <SelectField
          label={t('new.parent')}
          value={values.parentId}
          onChange={(event) => setValues({ ...values, parentId: event.target.value })}
          options={[
            { value: '', label: t('new.noParent') },
            ...parents.map((p) => ({ value: p._id, label: pickLocalized(p.nameAr, p.nameFr, locale) })),
          ]}
        />
        <div className="flex items-end">
          <button type="submit" disabled={change.isPending} className={buttonClass('primary')}>
            {t('new.create')}
          </button>
        </div>
      </form>
      <div className="mt-2">
        <FormMessage tone="error">{error}</FormMessage>
      </div>
    </SectionCard>
  )
}

export function CategoriesScreen() {
  const { t } = useTranslation(['catalogue', 'common'])
  const categories = useCategories()
  const errorMessage = useErrorMessage(categories.error)
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('title')}</h1>
      {categories.data ? (
        <>
          <NewCategory parents={categories.data.filter((category) => category.parentId === null)} />
          <div className={c.box}>
            <table className={c.table} aria-label={t('title')}>
              <thead className={c.thead}>
                <tr>
                  <th scope="col" className={c.th}>{t('table.nameAr')}</th>
                  <th scope="col" className={c.th}>{t('table.nameFr')}</th>
                  <th scope="col" className={c.th}>{t('table.position')}</th>
                  <th scope="col" className={c.thFigure}>{t('table.products')}</th>
                  <th scope="col" className={c.th}>{t('table.active')}</th>
                  <th scope="col" className={c.th}><span className="sr-only">{t('table.actions')}</span></th>
                </tr>
              </thead>
              <tbody className={c.tbody}>
                {treeOrder(categories.data).map(({ category, depth }) => (
                  <CategoryRow
                    key={`${category._id}:${category.nameAr}:${category.nameFr}:${category.position}`}
                    category={category}
                    depth={depth}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : categories.isError ? (
        <ErrorState title={t('loadError')} message={errorMessage} onRetry={() => void categories.refetch()} />
      ) : (
        <div role="status" aria-label={t('common:loading')}>
          <Skeleton className="h-64" />
        </div>
      )}
    </div>
  )
}
