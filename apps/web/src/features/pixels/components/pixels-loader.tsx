import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { startPixels, track } from '../../../lib/pixel-events.ts'

/** Mounted once in the layout: starts the pixels and sends a PageView on every page change. */
export function PixelsLoader() {
  const { pathname } = useLocation()
  useEffect(() => {
    startPixels()
  }, [])
  useEffect(() => {
    track('PageView')
  }, [pathname])
  return null
}
