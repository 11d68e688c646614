/** Reading the database's errors: drizzle wraps the driver's error (its `cause`), whose fields say what happened. */

/** An error and the errors it wraps, outermost first (at most `depth` of them). */
export function* causes(error: unknown, depth = 5): Generator<{ code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown }> {
  for (let current = error, i = 0; current && typeof current === 'object' && i < depth; current = (current as { cause?: unknown }).cause, i++) {
    yield current
  }
}

/**
 * True for a SQLSTATE that means the connection is gone: a connection exception (class 08) or the
 * server ending the session (57P01-57P05: shut down, crashed, not accepting connections yet, database
 * dropped, idle session timeout).
 */
export function connectionGone(code: string): boolean {
  return /^(08|57P)/.test(code)
}
