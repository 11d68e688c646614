import { useParams } from 'react-router'
import { CategoryView } from '../../features/catalogue/components/category-view.tsx'

export function CategoryPage() {
  const { categoryId = '' } = useParams()
  return <CategoryView key={categoryId} categoryId={categoryId} />
}
