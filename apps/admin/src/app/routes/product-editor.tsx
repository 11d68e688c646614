import { useParams } from 'react-router'
import { ProductEditor } from '../../features/products/components/product-editor.tsx'
import { RoleGate } from './role-gate.tsx'

/** /products/new creates; /products/:id edits. */
export function ProductEditorPage() {
  const { productId = 'new' } = useParams()
  return (
    <RoleGate permission="catalogue">
      <ProductEditor key={productId} productId={productId === 'new' ? null : productId} />
    </RoleGate>
  )
}
