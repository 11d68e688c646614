/**
 * wa.me wants the international number, digits only: a local Algerian number (0XXXXXXXXX) gets 213
 * instead of its 0, so '0555 12 34 56' → https://wa.me/213555123456.
 */
export function whatsappUrl(raw: string): string | null {
  const digits = raw.replace(/\D/g, '').replace(/^00/, '')
  const international = /^0[567]\d{8}$/.test(digits) ? `213${digits.slice(1)}` : digits
  return international.length >= 9 ? `https://wa.me/${international}` : null
}
