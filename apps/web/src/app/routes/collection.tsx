import { useTranslation } from 'react-i18next'
import { CollectionView } from '../../features/catalogue/components/collection-view.tsx'
import { track } from '../../lib/browser-pixels.ts'

const trackSearch = (term: string) => track('Search', { searchString: term })

export function CollectionPage() {
  const { t } = useTranslation('catalogue')
  return (
    <>
      <title>{t('collection.title')}</title>
      <CollectionView onSearchTracked={trackSearch} />
    </>
  )
}
