/**
 * Wraps a left-to-right code (SKU, order number, size, phone) put into a translated sentence in Unicode's
 * first-strong isolate (U+2068 … U+2069): in Arabic text 'KH-240117-0042' or 'DER-42-NAVY' keep their order
 * and do not drag the punctuation around them. In markup, use <bdi dir="ltr"> instead.
 */
export function isolate(text: string | number): string {
  return `\u2068${text}\u2069`
}
