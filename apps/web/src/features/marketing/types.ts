import type { ResponsiveImage } from '../../lib/responsive-image.ts'

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
}
