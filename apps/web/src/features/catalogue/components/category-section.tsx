import { useLocale } from '@shop/client-kit'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { IconChevronEnd } from '../../../components/icons/icon-chevron-end.tsx'
import { pickLocalized } from '@shop/shared'
import type { HomepageCategory } from '@shop/shared'
import { ProductCard } from './product-card.tsx'

export interface CategorySectionProps {
  category: HomepageCategory
}

export function CategorySection({ category }: CategorySectionProps) {
  const { t } = useTranslation('catalogue')
  const locale = useLocale()
  const name = pickLocalized(category.nameAr, category.nameFr, locale) || category.name
  const headingId = `category-${category._id}`

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 pt-10 md:px-6 md:pt-14">
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold">
          {name}
        </h2>
        <Link
          to={`/category/${category._id}`}
          aria-label={t('section.viewAllLabel', { name })}
          className="-me-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-semibold text-brand hover:underline hover:underline-offset-4"
        >
          {t('section.viewAll')}
          <IconChevronEnd />
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4 md:gap-x-6">
        {category.products.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  )
}
