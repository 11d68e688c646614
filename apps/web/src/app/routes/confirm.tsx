import { useParams } from 'react-router'
import { ConfirmLinkView } from '../../features/confirm-link/components/confirm-link-view.tsx'

export function ConfirmPage() {
  const { token = '' } = useParams()
  return <ConfirmLinkView token={token} />
}
