import { ErrorState as KitErrorState, type ErrorStateProps } from '@shop/client-kit'
import { buttonClass } from './button-class.ts'

/** The kit's failed-query state with this app's secondary button. */
export function ErrorState(props: ErrorStateProps) {
  return <KitErrorState {...props} retryClassName={buttonClass('secondary', 'mt-2')} />
}
