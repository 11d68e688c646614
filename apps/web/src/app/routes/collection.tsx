import { useTranslation } from 'react-i18next'
import { CollectionView } from '../../features/catalogue/components/collection-view.tsx'
import { track } from '../../lib/pixel-events.ts'
import { DocumentTitle } from '../../lib/document-title.tsx'

const trackSearch = (term: string) => track('Search', { searchString: term })

export function CollectionPage() {
  const { t } = useTranslation('catalogue')
  return (
    <>
      <DocumentTitle>{t('collection.title')}</DocumentTitle>
      <CollectionView onSearchTracked={trackSearch} />
    </>
  )
}
