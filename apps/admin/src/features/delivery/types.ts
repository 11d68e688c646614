export interface DeliveryDefaults {
  home: number
  stopdesk: number
  return: number
}

/** One wilaya of `GET /admin/delivery-prices`; without a row of its own (`hasRow` false) it uses the defaults. */
export interface WilayaPrice {
  code: number
  name: string
  nameAr?: string
  nameFr?: string
  /** null when the wilaya has no row of its own. */
  domicil: number | null
  stopdesk: number | null
  returnPrice: number
  hasRow: boolean
}

export interface DeliveryPrices {
  defaults: DeliveryDefaults
  wilayas: WilayaPrice[]
}
