import JsBarcode from 'jsbarcode'
import { useLayoutEffect, useRef } from 'react'

/** Code 128 takes ASCII only: a courier number with other characters cannot be drawn. */
export const isCode128Text = (value: string) => value.length > 0 && /^[\x20-\x7e]+$/.test(value)

export interface BarcodeProps {
  value: string
  /** Read by screen readers and shown as the caption under the bars. */
  label: string
}

/**
 * A Code 128 barcode as SVG (JsBarcode picks the B or C code set), sharp on paper at any size, with the value
 * written under the bars for the courier to type when the scanner fails. Always left to right.
 */
export function Barcode({ value, label }: BarcodeProps) {
  const svg = useRef<SVGSVGElement>(null)
  useLayoutEffect(() => {
    if (!svg.current) return
    JsBarcode(svg.current, value, {
      format: 'CODE128',
      width: 1.6,
      height: 48,
      margin: 0,
      // the value is written below in HTML: JsBarcode would measure its text on a canvas
      displayValue: false,
      background: '#ffffff',
      lineColor: '#000000',
    })
    // JsBarcode sets a fixed pixel size: let the slip's width decide instead
    svg.current.removeAttribute('style')
  }, [value])
  return (
    <figure dir="ltr" className="flex flex-col items-center">
      <svg ref={svg} role="img" aria-label={label} data-barcode={value} className="block h-auto max-w-full" />
      <figcaption aria-hidden="true" className="font-mono text-base font-bold tracking-wider">
        {value}
      </figcaption>
    </figure>
  )
}
