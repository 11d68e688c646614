/** An image as the API sends it: `src` is the middle width, `srcSet` lists every stored width. */
export interface ResponsiveImage {
  src: string
  srcSet: string
  width: number
  height: number
}
