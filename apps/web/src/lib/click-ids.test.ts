import { describe, expect, test } from 'vitest'
import { keepClickIds } from './click-ids.ts'

/** A document whose cookie setter records what was written. */
function cookieJar() {
  const written: string[] = []
  return {
    written,
    doc: {
      get cookie() {
        return ''
      },
      set cookie(value: string) {
        written.push(value)
      },
    },
  }
}

describe('ad click ids of the landing address', () => {
  test('fbclid and ttclid are kept in first-party cookies for 28 days', () => {
    const jar = cookieJar()
    keepClickIds('?utm_source=fb&fbclid=IwAR2abc_DEF-1.2&ttclid=E.C.P.xyz', jar.doc)
    expect(jar.written).toEqual([
      `click_fbclid=IwAR2abc_DEF-1.2; Path=/; Max-Age=${28 * 86400}; SameSite=Lax`,
      `click_ttclid=E.C.P.xyz; Path=/; Max-Age=${28 * 86400}; SameSite=Lax`,
    ])
  })

  test('an address without click ids writes nothing, and a value that could break the cookie is not kept', () => {
    const jar = cookieJar()
    keepClickIds('?q=chaussures', jar.doc)
    keepClickIds('?fbclid=a;b=c', jar.doc)
    keepClickIds('?ttclid=', jar.doc)
    expect(jar.written).toEqual([])
  })
})
