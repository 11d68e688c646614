import assert from 'node:assert/strict'
import { test } from 'node:test'
import { causes, connectionGone } from './errors.ts'

test('causes: the error, then what it wraps, outermost first, at most five deep', () => {
  const driver = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'coupons_code_unique' })
  const wrapped = new Error('Failed query', { cause: driver })
  assert.deepEqual([...causes(wrapped)].map((e) => e.code), [undefined, '23505'])
  let deep: Error = new Error('0')
  for (let i = 1; i < 10; i++) deep = new Error(String(i), { cause: deep })
  assert.equal([...causes(deep)].length, 5)
  assert.deepEqual([...causes(null)], [])
  assert.deepEqual([...causes('text')], [])
})

test('connectionGone: connection exceptions and the server ending the session, not a statement error', () => {
  for (const code of ['08006', '08003', '57P01', '57P02', '57P03', '57P05']) assert.equal(connectionGone(code), true, code)
  for (const code of ['23505', '40001', '57014', '53300', 'KH001', 'XX000']) assert.equal(connectionGone(code), false, code)
})
