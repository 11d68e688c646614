import { act, renderHook } from '@testing-library/react'
import { useEffect } from 'react'
import { describe, expect, test, vi } from 'vitest'
import { useKeptUntilGone } from './kept-until-gone.ts'

describe('a value kept until the component goes', () => {
  test('is null until set, then drawn, and handed over once when the component goes, to the latest callback', async () => {
    const first = vi.fn()
    const latest = vi.fn()
    const { result, rerender, unmount } = renderHook(({ whenGone }) => useKeptUntilGone<string>(whenGone), { initialProps: { whenGone: first } })
    expect(result.current[0]).toBeNull()
    act(() => result.current[1]('KHWJNV38TE'))
    expect(result.current[0]).toBe('KHWJNV38TE')
    rerender({ whenGone: latest })
    expect(first).not.toHaveBeenCalled()
    expect(latest).not.toHaveBeenCalled()
    unmount()
    // React runs the clean-up of a passive effect after the unmount itself
    await vi.waitFor(() => expect(latest).toHaveBeenCalledTimes(1))
    expect(first).not.toHaveBeenCalled()
    expect(latest).toHaveBeenCalledWith('KHWJNV38TE')
  })

  test('hands nothing over when nothing was kept', async () => {
    const whenGone = vi.fn()
    const cleanedUp = vi.fn()
    const { unmount } = renderHook(() => {
      useEffect(() => cleanedUp, [])
      return useKeptUntilGone<string>(whenGone)
    })
    unmount()
    // the clean-ups have run (the one above, declared first, runs first)
    await vi.waitFor(() => expect(cleanedUp).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(whenGone).not.toHaveBeenCalled()
  })
})
