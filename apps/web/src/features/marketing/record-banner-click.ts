/**
 * Counts a click on a banner (POST /banner/:id/click) in a way the navigation that follows cannot cancel:
 * a beacon, or a keepalive fetch where beacons are unavailable. Never throws: the shopper's click matters more.
 */
export function recordBannerClick(bannerId: string): void {
  const url = `/api/v1/banner/${encodeURIComponent(bannerId)}/click`
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return
  } catch {
    // A browser that refuses the beacon: try the keepalive request.
  }
  fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {
    // The count is lost; the shopper still goes where the banner points.
  })
}
