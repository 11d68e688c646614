import type { ResponsiveImage } from '@shop/shared'

/** GET /banner/active: `image.src` is 1920 wide, `srcSet` lists 960w and 1920w. */
export interface Banner {
  _id: string
  title: string
  description: string
  titleAr: string
  titleFr: string
  descriptionAr: string
  descriptionFr: string
  link: string | null
  order: number
  image: ResponsiveImage
  /** Where the picture's subject stands, in percent from the top-left corner (the centre when unknown). */
  focalPoint?: { x: number; y: number }
}
