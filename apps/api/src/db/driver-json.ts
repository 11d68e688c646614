/**
 * A `json` value as a statement returns it: an object when the driver parses it (pg, PGlite), the text
 * when it does not (a card stored as text, PGlite on some paths). Both read the same.
 */
export function driverJson<T>(raw: T | string): T {
  return typeof raw === 'string' ? (JSON.parse(raw) as T) : raw
}
