import { useParams } from 'react-router'
import { ProductEditor } from '../../features/products/components/product-editor.tsx'

/** /products/new creates; /products/:id edits. */
export function ProductEditorPage() {
  const { productId = 'new' } = useParams()
  return <ProductEditor key={productId} productId={productId === 'new' ? null : productId} />
}
