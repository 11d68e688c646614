import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ToastViewport } from '../components/ui/toast-viewport.tsx'

export interface AppProvidersProps {
  i18n: I18n
  queryClient: QueryClient
  children: ReactNode
}

export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastViewport />
      </QueryClientProvider>
    </I18nextProvider>
  )
}
