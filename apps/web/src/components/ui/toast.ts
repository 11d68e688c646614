/**
 * Toasts: short messages at the top of the screen that disappear after 3 s (docs/storefront-spec.md §9).
 *
 * Usage, from anywhere (components, mutation callbacks):
 *   import { toast } from '../components/ui/toast.ts'
 *   toast.success(t('cart:toast.added'))
 *   toast.error(message)
 *   toast.info(message, { durationMs: 5000 })
 * The text must already be translated. <ToastViewport /> (mounted once in AppProviders) shows them;
 * tests can read them with screen.findByText(...) like any other text.
 */

export type ToastTone = 'success' | 'error' | 'info'

export interface ToastItem {
  id: number
  message: string
  tone: ToastTone
  durationMs: number
}

export interface ToastOptions {
  durationMs?: number
}

export const TOAST_DURATION_MS = 3000
/** More than three at once is noise: the oldest go first. */
const MAX_VISIBLE = 3

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

export function dismissToast(id: number): void {
  const before = items.length
  items = items.filter((item) => item.id !== id)
  if (items.length !== before) emit()
}

function push(tone: ToastTone, message: string, options: ToastOptions = {}): number {
  const id = nextId++
  const durationMs = options.durationMs ?? TOAST_DURATION_MS
  // The same message twice in a row (a double tap) shows once.
  items = [...items.filter((item) => item.message !== message), { id, message, tone, durationMs }].slice(-MAX_VISIBLE)
  emit()
  setTimeout(() => dismissToast(id), durationMs)
  return id
}

export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
  info: (message: string, options?: ToastOptions) => push('info', message, options),
}

/** For useSyncExternalStore in the viewport. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): ToastItem[] {
  return items
}

/** Tests start each case with no toast left over. */
export function clearToasts(): void {
  items = []
  emit()
}
