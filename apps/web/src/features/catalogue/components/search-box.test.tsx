import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ALL_LANGUAGES } from '../../../test/all-languages.ts'
import { createI18n } from '../../../lib/i18n.ts'
import { SEARCH_APPLY_DELAY_MS, SEARCH_TRACK_DELAY_MS, SearchBox } from './search-box.tsx'

afterEach(() => {
  vi.useRealTimers()
})

function setup() {
  vi.useFakeTimers()
  const onSearch = vi.fn()
  const onTrack = vi.fn()
  render(
    <I18nextProvider i18n={createI18n('en', ALL_LANGUAGES)}>
      <SearchBox value="" onSearch={onSearch} onTrack={onTrack} />
    </I18nextProvider>,
  )
  const input = screen.getByRole('searchbox', { name: 'Search for a product' })
  const type = (value: string) => fireEvent.change(input, { target: { value } })
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  return { onSearch, onTrack, type, wait }
}

describe('search box', () => {
  test('a search is reported once, after a 1 s pause, from 3 characters', () => {
    const { onTrack, onSearch, type, wait } = setup()
    type('de')
    wait(SEARCH_TRACK_DELAY_MS + 10)
    expect(onTrack).not.toHaveBeenCalled()
    expect(onSearch).toHaveBeenLastCalledWith('de')

    type('der')
    wait(SEARCH_TRACK_DELAY_MS - 100)
    type('derb')
    wait(SEARCH_TRACK_DELAY_MS - 100)
    expect(onTrack).not.toHaveBeenCalled()
    type('derby')
    wait(SEARCH_TRACK_DELAY_MS)
    expect(onTrack).toHaveBeenCalledTimes(1)
    expect(onTrack).toHaveBeenCalledWith('derby')
  })

  test('results follow the typing after a short pause, trimmed', () => {
    const { onSearch, type, wait } = setup()
    type('  sandale ')
    wait(SEARCH_APPLY_DELAY_MS - 50)
    expect(onSearch).not.toHaveBeenCalled()
    wait(60)
    expect(onSearch).toHaveBeenCalledWith('sandale')
  })
})
