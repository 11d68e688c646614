import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { colorHex } from '@shop/shared'
import type { ProductModel, SeedBanner, SeedProduct } from './catalogue.ts'
import { loadSharp } from '../http/sharp.ts'

// Demo pictures drawn locally as SVG and rasterised with sharp: nothing is downloaded and no font is needed.
// Product photos are 1200x1200 "studio" shots (rendered once, then resized); banners are 1920x1080.

export const PRODUCT_IMAGE_WIDTHS = [300, 600, 1200] as const
export const BANNER_IMAGE_WIDTHS = [960, 1920] as const

const PRODUCT_SIZE = 1200
const BANNER_W = 1920
const BANNER_H = 1080
const WEBP_QUALITY = 78
// effort 2 instead of 4: files about 10 % larger, encoding twice as fast (these are flat illustrations)
const WEBP_EFFORT = 2

// ---------------------------------------------------------------- colour helpers

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Linear mix of two colours: amount 0 → a, 1 → b. */
function mix(a: string, b: string, amount: number): string {
  const ca = rgb(a)
  const cb = rgb(b)
  return toHex([0, 1, 2].map((i) => (ca[i] ?? 0) + ((cb[i] ?? 0) - (ca[i] ?? 0)) * amount) as [number, number, number])
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

/** The tones one drawing needs, derived from the product colour so that white and black both read well. */
interface Paint {
  base: string
  dark: string
  light: string
  line: string
  detail: string
}

function paintFor(hex: string): Paint {
  const lum = luminance(hex)
  return {
    base: hex,
    dark: mix(hex, '#000000', lum > 0.8 ? 0.1 : 0.25),
    light: mix(hex, '#ffffff', lum < 0.2 ? 0.18 : 0.3),
    line: lum < 0.2 ? mix(hex, '#000000', 0.4) : mix(hex, '#000000', lum > 0.8 ? 0.32 : 0.42),
    detail: lum < 0.35 ? mix(hex, '#ffffff', 0.4) : mix(hex, '#000000', 0.38),
  }
}

/** FNV-1a, for small stable per-product variations (background tint). */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

// ---------------------------------------------------------------- SVG building blocks

interface ShapeStyle {
  fill: string
  stroke?: string
  width?: number
  opacity?: number
}

function shape(d: string, { fill, stroke, width = 4, opacity }: ShapeStyle): string {
  const strokeAttr = stroke
    ? ` stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"`
    : ''
  const opacityAttr = opacity === undefined ? '' : ` opacity="${opacity}"`
  return `<path d="${d}" fill="${fill}"${strokeAttr}${opacityAttr}/>`
}

function line(d: string, stroke: string, width: number, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`
}

function stitches(d: string, stroke: string, width = 3): string {
  return line(d, stroke, width, ' stroke-dasharray="10 9" opacity="0.7"')
}

function dot(cx: number, cy: number, r: number, fill: string, stroke?: string): string {
  const strokeAttr = stroke ? ` stroke="${stroke}" stroke-width="3"` : ''
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${strokeAttr}/>`
}

/** A shape with the main colour, an outline and the shared soft top-light / bottom-shade gradient. */
function volume(d: string, fill: string, p: Paint): string {
  return shape(d, { fill, stroke: p.line }) + shape(d, { fill: 'url(#gloss)' })
}

/** Shared definitions: the gloss overlay and the floor shadow gradient. */
const DEFS = `<defs>
<linearGradient id="gloss" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
<stop offset="1" stop-color="#000000" stop-opacity="0.14"/></linearGradient>
<linearGradient id="side" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#000000" stop-opacity="0.1"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0.06"/>
<stop offset="0.7" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>
<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#000000" stop-opacity="0.32"/><stop offset="0.55" stop-color="#000000" stop-opacity="0.12"/>
<stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/>
<stop offset="0.62" stop-color="#000000" stop-opacity="0.025"/><stop offset="1" stop-color="#000000" stop-opacity="0.06"/></linearGradient>
</defs>`

// ---------------------------------------------------------------- shoes
// Side view, heel at x = 0, toe towards +x (about 830 long), ground at y = 0, up is negative y.

const SOLE_WHITE = '#f3f0ea'
const SOLE_DARK = '#2a2420'

function sneaker(p: Paint, slug: string): string {
  const gum = slug.includes('trek') ? '#8a6a4a' : '#d9d3c8'
  const upper =
    'M12,-70 C0,-150 6,-225 30,-290 C62,-302 104,-298 134,-284 C176,-262 232,-258 290,-282 L338,-318 C356,-326 376,-318 384,-300 C436,-240 524,-192 632,-162 C732,-138 800,-118 814,-70 Z'
  return [
    // outsole and midsole
    shape('M6,0 H800 C826,0 836,-18 834,-34 L832,-40 H4 C0,-26 0,-8 6,0 Z', {
      fill: gum,
      stroke: mix(gum, '#000000', 0.35),
    }),
    shape('M4,-30 H832 C834,-52 826,-70 806,-76 H10 C2,-64 0,-46 4,-30 Z', { fill: SOLE_WHITE, stroke: '#b9b2a7' }),
    line('M24,-52 H812', '#cfc8bc', 3),
    volume(upper, p.base, p),
    // tongue, toe cap, heel tab, side stripe
    shape('M282,-280 C292,-316 332,-340 366,-334 C380,-324 388,-306 382,-294 L334,-252 Z', {
      fill: p.dark,
      stroke: p.line,
    }),
    shape('M636,-160 C706,-150 774,-130 806,-100 L814,-76 H640 C616,-100 614,-138 636,-160 Z', {
      fill: p.light,
      stroke: p.line,
    }),
    shape('M12,-76 C2,-150 8,-222 30,-290 L74,-294 C56,-222 54,-150 64,-76 Z', { fill: p.dark, stroke: p.line }),
    shape('M170,-104 C292,-146 408,-196 528,-176 C440,-156 330,-112 214,-84 Z', { fill: p.detail, opacity: 0.85 }),
    // eyelets and laces
    [0, 1, 2, 3, 4].map((i) => dot(372 + i * 44, -288 + i * 24, 7, p.line)).join(''),
    [0, 1, 2, 3, 4].map((i) => line(`M${372 + i * 44},${-288 + i * 24} l-12,-20`, p.light, 9)).join(''),
    stitches('M90,-96 C260,-112 480,-160 620,-150', p.detail),
  ].join('')
}

/** Leather sole with toe spring, and a stacked heel block. */
function dressSole(heelHeight: number): string {
  return [
    shape('M176,-40 H832 C842,-30 838,-18 824,-14 C776,-4 716,0 656,0 H560 C420,-2 280,-8 176,-12 Z', {
      fill: SOLE_DARK,
      stroke: '#000000',
      width: 2,
    }),
    shape(`M22,0 H178 L176,-${heelHeight} H20 Z`, { fill: SOLE_DARK, stroke: '#000000', width: 2 }),
    line(`M24,-12 H176`, '#4a403a', 3),
  ].join('')
}

// The upper of a dress shoe: heel counter, collar, throat at x = throatX, rounded toe box.
function dressUpper(collarY: number, throatX: number, throatY: number): string {
  return (
    `M24,-40 C8,-96 10,${collarY + 40} 34,${collarY} ` +
    `C100,${collarY + 8} 170,${collarY + 16} 230,${collarY + 14} ` +
    `C${throatX - 60},${collarY + 10} ${throatX - 30},${throatY} ${throatX},${throatY} ` +
    `C${throatX + 120},${throatY + 40} 600,-128 700,-112 C790,-98 842,-80 840,-40 Z`
  )
}

function derby(p: Paint): string {
  const upper = dressUpper(-196, 340, -214)
  return [
    dressSole(40),
    volume(upper, p.base, p),
    // tongue, laced facing, eyelets and laces
    shape('M318,-210 C330,-236 360,-244 384,-232 L392,-196 Z', { fill: p.dark, stroke: p.line }),
    shape(
      'M230,-182 C280,-186 318,-204 342,-216 C400,-200 450,-178 486,-150 C450,-120 380,-108 322,-114 C286,-134 252,-160 230,-182 Z',
      {
        fill: p.base,
        stroke: p.line,
      },
    ),
    shape(
      'M230,-182 C280,-186 318,-204 342,-216 C400,-200 450,-178 486,-150 C450,-120 380,-108 322,-114 C286,-134 252,-160 230,-182 Z',
      {
        fill: 'url(#gloss)',
      },
    ),
    [0, 1, 2, 3].map((i) => dot(344 + i * 34, -200 + i * 13, 6, p.line)).join(''),
    [0, 1, 2, 3].map((i) => line(`M${344 + i * 34},-200 l${-8},${-14}`, p.detail, 7)).join(''),
    stitches('M44,-56 H826', p.detail),
    stitches('M246,-170 C280,-150 304,-130 330,-122', p.detail),
    `<ellipse cx="742" cy="-86" rx="62" ry="12" fill="#ffffff" opacity="0.24" transform="rotate(-10 742 -86)"/>`,
  ].join('')
}

function loafer(p: Paint): string {
  const upper = dressUpper(-172, 330, -168)
  return [
    dressSole(40),
    volume(upper, p.base, p),
    // lining at the opening, moc seam, saddle strap with a metal bit
    shape('M34,-172 C100,-164 170,-156 230,-158 C280,-160 306,-166 330,-168 C260,-150 120,-148 44,-154 Z', {
      fill: mix(p.base, '#d8c3a0', 0.6),
    }),
    line('M336,-160 C470,-150 600,-124 700,-100', p.line, 4),
    stitches('M346,-146 C470,-138 596,-112 694,-88', p.detail),
    shape('M270,-164 C290,-112 380,-100 424,-148 L404,-156 C372,-124 312,-126 292,-166 Z', {
      fill: p.dark,
      stroke: p.line,
    }),
    shape('M322,-132 h40 a7,7 0 0 1 0,14 h-40 a7,7 0 0 1 0,-14 Z', { fill: '#c9a45c', stroke: '#8c6d30', width: 2 }),
    stitches('M44,-56 H826', p.detail),
    `<ellipse cx="742" cy="-84" rx="62" ry="11" fill="#ffffff" opacity="0.22" transform="rotate(-10 742 -84)"/>`,
  ].join('')
}

function boot(p: Paint, slug: string): string {
  const chelsea = slug.includes('chelsea')
  const upper =
    'M24,-48 C0,-150 24,-300 46,-420 C112,-432 190,-430 258,-420 C252,-350 262,-290 302,-250 C382,-176 522,-130 666,-110 C770,-96 838,-78 838,-46 L24,-46 Z'
  const parts = [
    shape('M24,0 H800 C826,0 842,-16 840,-30 L836,-50 H22 Z', { fill: SOLE_DARK, stroke: '#000000', width: 2 }),
    // tread
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
      .map((i) => shape(`M${44 + i * 72},0 h38 l-6,9 h-26 Z`, { fill: SOLE_DARK }))
      .join(''),
    line('M26,-26 H836', '#4a403a', 3),
    volume(upper, p.base, p),
    stitches('M34,-64 H828', p.detail),
    `<ellipse cx="746" cy="-92" rx="60" ry="12" fill="#ffffff" opacity="0.2" transform="rotate(-10 746 -92)"/>`,
  ]
  if (chelsea) {
    parts.push(
      shape('M116,-426 L190,-428 C184,-360 172,-312 154,-282 C136,-312 122,-360 116,-426 Z', {
        fill: mix(p.base, '#000000', 0.45),
        stroke: p.line,
      }),
      line('M34,-416 C26,-470 72,-474 70,-424', p.dark, 12),
    )
  } else {
    parts.push(
      shape('M46,-420 C112,-432 190,-430 258,-420 L256,-392 C190,-402 112,-404 42,-394 Z', {
        fill: p.dark,
        stroke: p.line,
      }),
      [0, 1, 2, 3, 4].map((i) => dot(248 + i * 8, -376 + i * 30, 6, p.detail)).join(''),
      [0, 1, 2, 3, 4].map((i) => line(`M${248 + i * 8},-376 l${-12},${-18}`, p.light, 8)).join(''),
      line('M258,-408 C252,-340 262,-288 302,-250', p.line, 4),
    )
  }
  return parts.join('')
}

function sandal(p: Paint): string {
  const bed = mix(p.base, '#f0e6d6', 0.55)
  const strap = (d: string, w: number) => line(d, p.line, w + 8) + line(d, p.base, w)
  return [
    shape('M8,0 H800 C828,0 840,-18 834,-36 L826,-46 H16 C4,-40 0,-12 8,0 Z', {
      fill: mix(p.base, '#000000', 0.15),
      stroke: p.line,
    }),
    shape('M16,-46 H826 C818,-58 806,-62 790,-62 H30 C20,-60 16,-54 16,-46 Z', { fill: bed, stroke: p.line, width: 3 }),
    // heel strap, instep strap, toe strap
    strap('M54,-62 C40,-118 72,-158 140,-160 C204,-162 254,-138 304,-104', 36),
    strap('M300,-62 C330,-160 486,-168 516,-62', 54),
    strap('M566,-62 C590,-124 682,-128 706,-62', 40),
    stitches('M320,-104 C350,-150 470,-154 498,-104', p.detail),
    shape('M246,-148 h32 v32 h-32 Z', { fill: 'none', stroke: '#c9a45c', width: 7 }),
  ].join('')
}

function ballerina(p: Paint): string {
  const upper =
    'M22,-22 C8,-72 20,-122 52,-146 C152,-134 302,-120 432,-116 C564,-110 702,-96 782,-70 C818,-56 832,-40 830,-22 Z'
  return [
    shape('M18,0 H792 C818,0 832,-10 830,-24 H18 Z', { fill: SOLE_DARK, stroke: '#000000', width: 2 }),
    volume(upper, p.base, p),
    shape('M52,-146 C152,-134 302,-120 432,-116 C302,-102 150,-108 62,-122 Z', { fill: mix(p.base, '#e8d9c0', 0.65) }),
    line('M52,-146 C152,-134 302,-120 432,-116', p.line, 8),
    // bow
    shape('M432,-124 C404,-150 396,-104 432,-112 Z', { fill: p.dark, stroke: p.line, width: 3 }),
    shape('M444,-124 C472,-150 480,-104 444,-112 Z', { fill: p.dark, stroke: p.line, width: 3 }),
    dot(438, -118, 8, p.dark, p.line),
    `<ellipse cx="690" cy="-70" rx="64" ry="10" fill="#ffffff" opacity="0.22" transform="rotate(-6 690 -70)"/>`,
  ].join('')
}

function heel(p: Paint): string {
  const upper =
    'M60,-256 C44,-302 50,-340 72,-362 C182,-320 302,-240 422,-180 C542,-130 662,-96 742,-70 C802,-50 832,-30 824,-8 L812,0 H560 C420,-10 220,-170 60,-256 Z'
  return [
    shape('M40,-262 H112 C100,-180 92,-80 90,0 H72 C68,-80 58,-180 40,-262 Z', {
      fill: SOLE_DARK,
      stroke: '#000000',
      width: 2,
    }),
    volume(upper, p.base, p),
    shape('M72,-362 C182,-320 302,-240 422,-180 C300,-212 170,-288 90,-330 Z', { fill: mix(p.base, '#e8d9c0', 0.6) }),
    line('M72,-362 C182,-320 302,-240 422,-180', p.line, 7),
    line('M812,0 H560 C420,-10 220,-170 60,-256', SOLE_DARK, 12),
    `<ellipse cx="700" cy="-64" rx="70" ry="11" fill="#ffffff" opacity="0.24" transform="rotate(-10 700 -64)"/>`,
  ].join('')
}

function drawShoe(model: ProductModel, p: Paint, slug: string): string {
  switch (model) {
    case 'derby':
      return derby(p)
    case 'loafer':
      return loafer(p)
    case 'boot':
      return boot(p, slug)
    case 'sandal':
      return sandal(p)
    case 'ballerina':
      return ballerina(p)
    case 'heel':
      return heel(p)
    default:
      return sneaker(p, slug)
  }
}

/** Rough height of each shoe drawing, to centre it vertically. */
const SHOE_HEIGHT: Partial<Record<ProductModel, number>> = {
  sneaker: 330,
  derby: 240,
  loafer: 180,
  boot: 430,
  sandal: 220,
  ballerina: 150,
  heel: 370,
}

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#floor)"/><ellipse cx="${cx}" cy="${cy - 2}" rx="${rx * 0.82}" ry="${ry * 0.3}" fill="#000000" opacity="0.12"/>`
}

/** One shoe (index 0) or a pair (index 1), scaled to fill the same frame for every model. */
function shoeScene(product: SeedProduct, colour: string, pair: boolean): string {
  const p = paintFor(colorHex(colour))
  const h = SHOE_HEIGHT[product.model] ?? 300
  const kids = product.categorySlug.startsWith('kids')
  // shoes are drawn 834 long; kids' shoes a little smaller so that the grid shows the difference
  const scale = (kids ? 1 : 1.12) * (pair ? 0.88 : 1)
  const width = 834 * scale
  const ground = 600 + (h * scale) / 2 + (pair ? 70 : 40)
  const x = 600 - width / 2
  const shoe = drawShoe(product.model, p, product.slug)
  if (!pair) {
    return (
      floorShadow(600, ground + 4, width * 0.56, 34) +
      `<g transform="translate(${x.toFixed(1)} ${ground.toFixed(1)}) scale(${scale})">${shoe}</g>`
    )
  }
  // the second shoe stands behind, shifted back and up, mirrored so that the pair reads at a glance
  const backX = x - 40
  const backGround = ground - 120
  return (
    floorShadow(560, backGround + 4, width * 0.5, 26) +
    `<g transform="translate(${(backX + width).toFixed(1)} ${backGround.toFixed(1)}) scale(${-scale} ${scale})">${shoe}</g>` +
    floorShadow(640, ground + 4, width * 0.56, 34) +
    `<g transform="translate(${(x + 80).toFixed(1)} ${ground.toFixed(1)}) scale(${scale})">${shoe}</g>`
  )
}

// ---------------------------------------------------------------- clothing
// Front view, flat lay, drawn directly in the 1200 x 1200 frame, centred on x = 600.

interface Garment {
  /** Outline paths, used for the soft shadow. */
  outline: string[]
  body: string
}

function tee(p: Paint, collar: 'round' | 'polo'): Garment {
  const body =
    'M520,222 C548,284 652,284 680,222 L818,262 C872,300 930,356 966,404 L886,480 L806,414 L808,962 C680,976 520,976 392,962 L394,414 L314,480 L234,404 C270,356 328,300 382,262 Z'
  const parts = [volume(body, p.base, p), shape(body, { fill: 'url(#side)' })]
  if (collar === 'round') {
    parts.push(
      line('M520,222 C548,284 652,284 680,222', p.dark, 18),
      stitches('M512,236 C548,304 652,304 688,236', p.detail),
    )
  } else {
    parts.push(
      shape('M520,222 C540,250 570,262 600,268 L560,312 C540,290 522,262 508,232 Z', { fill: p.light, stroke: p.line }),
      shape('M680,222 C660,250 630,262 600,268 L640,312 C660,290 678,262 692,232 Z', { fill: p.light, stroke: p.line }),
      shape('M584,268 H616 V400 H584 Z', { fill: p.base, stroke: p.line, width: 3 }),
      dot(600, 310, 7, p.detail),
      dot(600, 356, 7, p.detail),
    )
  }
  parts.push(
    stitches('M248,418 L306,466', p.detail),
    stitches('M952,418 L894,466', p.detail),
    stitches('M400,940 C520,952 680,952 800,940', p.detail),
  )
  return { outline: [body], body: parts.join('') }
}

function longSleeves(p: Paint, bodyPath: string, cuff: string): string {
  const left = 'M384,262 C330,300 292,380 276,460 L238,782 L318,796 L360,520 L396,420 Z'
  const right = 'M816,262 C870,300 908,380 924,460 L962,782 L882,796 L840,520 L804,420 Z'
  return [
    volume(left, p.base, p),
    volume(right, p.base, p),
    shape('M238,782 L318,796 L312,840 L232,826 Z', { fill: cuff, stroke: p.line }),
    shape('M962,782 L882,796 L888,840 L968,826 Z', { fill: cuff, stroke: p.line }),
    volume(bodyPath, p.base, p),
    shape(bodyPath, { fill: 'url(#side)' }),
  ].join('')
}

const SLEEVE_OUTLINES = [
  'M384,262 C330,300 292,380 276,460 L232,826 L312,840 L360,520 L396,420 Z',
  'M816,262 C870,300 908,380 924,460 L968,826 L888,840 L840,520 L804,420 Z',
]

function shirt(p: Paint): Garment {
  const body =
    'M520,222 L600,262 L680,222 L816,262 L808,420 L810,930 C760,970 660,960 600,950 C540,960 440,970 390,930 L392,420 L384,262 Z'
  return {
    outline: [body, ...SLEEVE_OUTLINES],
    body: [
      longSleeves(p, body, p.base),
      // collar, placket and buttons, chest pocket
      shape('M520,222 L600,262 L548,316 L500,240 Z', { fill: p.light, stroke: p.line }),
      shape('M680,222 L600,262 L652,316 L700,240 Z', { fill: p.light, stroke: p.line }),
      line('M600,262 V948', p.line, 3),
      line('M624,300 V940', p.line, 2),
      [0, 1, 2, 3, 4, 5].map((i) => dot(612, 320 + i * 104, 7, p.detail)).join(''),
      shape('M676,380 H752 V466 L714,480 L676,466 Z', { fill: 'none', stroke: p.line, width: 3 }),
    ].join(''),
  }
}

function hoodie(p: Paint): Garment {
  const body = 'M470,236 C520,256 680,256 730,236 L816,262 L808,420 L810,880 L390,880 L392,420 L384,262 Z'
  const hood = 'M456,246 C440,150 500,96 600,96 C700,96 760,150 744,246 C700,286 500,286 456,246 Z'
  return {
    outline: [hood, body, 'M390,880 H810 V934 H390 Z', ...SLEEVE_OUTLINES],
    body: [
      volume(hood, p.dark, p),
      shape('M500,236 C500,170 540,140 600,140 C660,140 700,170 700,236 C660,262 540,262 500,236 Z', {
        fill: mix(p.base, '#000000', 0.4),
      }),
      longSleeves(p, body, p.dark),
      shape('M390,880 H810 V934 H390 Z', { fill: p.dark, stroke: p.line }),
      stitches('M400,902 H800', p.detail),
      // kangaroo pocket and drawstrings
      shape('M470,660 L730,660 L770,830 L430,830 Z', { fill: p.base, stroke: p.line }),
      shape('M470,660 L730,660 L770,830 L430,830 Z', { fill: 'url(#gloss)' }),
      line('M560,262 V400', p.detail, 8),
      line('M640,262 V400', p.detail, 8),
    ].join(''),
  }
}

function jacket(p: Paint, slug: string): Garment {
  const long = slug.includes('trench')
  const quilted = slug.includes('doudoune')
  const hem = long ? 1020 : 870
  const body = `M500,228 L600,250 L700,228 L816,262 L808,420 L812,${hem} L388,${hem} L392,420 L384,262 Z`
  const parts = [longSleeves(p, body, long ? p.base : p.dark)]
  parts.push(
    // collar, zip or buttons
    shape('M500,228 L600,250 L560,340 L470,250 Z', { fill: p.dark, stroke: p.line }),
    shape('M700,228 L600,250 L640,340 L730,250 Z', { fill: p.dark, stroke: p.line }),
    line(`M600,250 V${hem}`, p.line, 4),
  )
  if (long) {
    parts.push(
      shape('M392,600 H808 V650 H392 Z', { fill: p.dark, stroke: p.line }),
      shape('M584,590 h32 v70 h-32 Z', { fill: 'none', stroke: '#8c6d30', width: 6 }),
      [0, 1, 2].map((i) => dot(560, 380 + i * 90, 9, p.detail) + dot(640, 380 + i * 90, 9, p.detail)).join(''),
    )
  } else {
    parts.push(
      line(`M600,250 V${hem}`, '#b8b1a6', 8, ' stroke-dasharray="6 6"'),
      shape(`M388,${hem - 50} H812 V${hem} H388 Z`, { fill: p.dark, stroke: p.line }),
      line('M450,640 l50,-14', p.line, 8),
      line('M750,640 l-50,-14', p.line, 8),
    )
  }
  if (quilted) {
    for (const y of [340, 440, 540, 640, 740]) parts.push(line(`M396,${y} H804`, p.line, 3))
    // sleeve quilting, kept inside the sleeve edges (see longSleeves)
    for (const y of [480, 580, 680, 770]) {
      const outer = 276 - (y - 460) * 0.118 + 8
      const inner = (y < 520 ? 396 - (y - 420) * 0.36 : 360 - (y - 520) * 0.152) - 8
      parts.push(line(`M${outer.toFixed(0)},${y} H${inner.toFixed(0)}`, p.line, 3))
      parts.push(line(`M${(1200 - outer).toFixed(0)},${y} H${(1200 - inner).toFixed(0)}`, p.line, 3))
    }
  }
  return { outline: [body, ...SLEEVE_OUTLINES], body: parts.join('') }
}

function trousers(p: Paint): Garment {
  const legs = 'M440,250 L760,250 L800,990 L632,990 L600,470 L568,990 L400,990 Z'
  return {
    outline: [legs, 'M436,196 H764 V252 H436 Z'],
    body: [
      volume(legs, p.base, p),
      shape(legs, { fill: 'url(#side)' }),
      shape('M436,196 H764 V252 H436 Z', { fill: p.base, stroke: p.line }),
      shape('M436,196 H764 V252 H436 Z', { fill: 'url(#gloss)' }),
      // belt loops, fly, pockets, creases
      [470, 560, 640, 730]
        .map((x) => shape(`M${x - 8},190 h16 v68 h-16 Z`, { fill: p.base, stroke: p.line, width: 3 }))
        .join(''),
      dot(600, 224, 9, '#b89a5a', '#7a6330'),
      stitches('M612,256 V400 C612,430 596,448 578,452', p.detail),
      line('M448,270 C500,280 530,310 540,350', p.line, 4),
      line('M752,270 C700,280 670,310 660,350', p.line, 4),
      line('M484,300 L470,980', p.dark, 2, ' opacity="0.5"'),
      line('M716,300 L730,980', p.dark, 2, ' opacity="0.5"'),
      stitches('M404,966 L566,966', p.detail),
      stitches('M634,966 L796,966', p.detail),
    ].join(''),
  }
}

function dress(p: Paint, slug: string): Garment {
  const kid = slug.includes('fille')
  const belted = slug.includes('robe') || slug.includes('meriem')
  const body = kid
    ? 'M520,232 C548,284 652,284 680,232 L770,262 L772,420 L760,560 C840,700 900,820 930,930 C720,980 480,980 270,930 C300,820 360,700 440,560 L428,420 L430,262 Z'
    : 'M520,222 C548,284 652,284 680,222 L800,258 C820,420 860,760 890,1050 C700,1076 500,1076 310,1050 C340,760 380,420 400,258 Z'
  const sleeves = kid
    ? ['M430,262 C380,280 344,330 340,380 L420,410 L430,340 Z', 'M770,262 C820,280 856,330 860,380 L780,410 L770,340 Z']
    : [
        'M400,258 C330,290 280,360 262,450 L200,800 L330,820 L372,520 L396,420 Z',
        'M800,258 C870,290 920,360 938,450 L1000,800 L870,820 L828,520 L804,420 Z',
      ]
  const parts = [
    ...sleeves.map((d) => volume(d, p.base, p)),
    volume(body, p.base, p),
    shape(body, { fill: 'url(#side)' }),
    line('M520,222 C548,284 652,284 680,222', p.dark, 14),
  ]
  if (kid) {
    parts.push(
      shape('M440,540 H760 V580 H440 Z', { fill: p.dark, stroke: p.line }),
      line('M520,600 C490,720 430,840 400,950', p.dark, 3, ' opacity="0.5"'),
      line('M600,600 V970', p.dark, 3, ' opacity="0.5"'),
      line('M680,600 C710,720 770,840 800,950', p.dark, 3, ' opacity="0.5"'),
    )
  } else if (belted) {
    parts.push(shape('M372,560 H828 L830,604 H370 Z', { fill: p.dark, stroke: p.line }))
    parts.push(line('M560,604 L520,760 M640,604 L680,760', p.dark, 10))
  } else {
    // abaya or qamis: front opening trim and cuffs
    parts.push(line('M600,276 V1060', p.detail, 5), stitches('M612,290 V1050', p.detail))
  }
  return { outline: [...sleeves, body], body: parts.join('') }
}

function skirt(p: Paint): Garment {
  const body = 'M450,262 L750,262 C800,500 860,760 900,1010 C700,1040 500,1040 300,1010 C340,760 400,500 450,262 Z'
  const band = 'M444,206 H756 V266 H444 Z'
  return {
    outline: [body, band],
    body: [
      volume(body, p.base, p),
      shape(body, { fill: 'url(#side)' }),
      [-3, -2, -1, 0, 1, 2, 3]
        .map((i) => line(`M${600 + i * 42},270 L${600 + i * 84},1020`, p.dark, 3, ' opacity="0.55"'))
        .join(''),
      volume(band, p.dark, p),
    ].join(''),
  }
}

function kidsSet(p: Paint, second: Paint): Garment {
  const top =
    'M530,120 C552,168 648,168 670,120 L770,148 C812,176 852,214 878,250 L822,304 L766,260 L768,560 C660,572 540,572 432,560 L434,260 L378,304 L322,250 C348,214 388,176 430,148 Z'
  const shorts = 'M446,640 H754 L790,930 L626,942 L600,780 L574,942 L410,930 Z'
  return {
    outline: [top, shorts],
    body: [
      volume(top, p.base, p),
      shape(top, { fill: 'url(#side)' }),
      line('M530,120 C552,168 648,168 670,120', p.dark, 14),
      // two chest stripes in the shorts' colour tie the set together
      shape('M433,330 H767 V356 H433 Z', { fill: second.base, stroke: second.line, width: 2 }),
      shape('M433,384 H767 V410 H433 Z', { fill: second.base, stroke: second.line, width: 2 }),
      volume(shorts, second.base, second),
      shape('M446,640 H754 V684 H446 Z', { fill: second.dark, stroke: second.line }),
      stitches('M600,690 V770', second.detail),
    ].join(''),
  }
}

function drawGarment(product: SeedProduct, p: Paint, second: Paint): Garment {
  switch (product.model) {
    case 'polo':
      return tee(p, 'polo')
    case 'shirt':
      return shirt(p)
    case 'hoodie':
      return hoodie(p)
    case 'jacket':
      return jacket(p, product.slug)
    case 'trousers':
      return trousers(p)
    case 'dress':
      return dress(p, product.slug)
    case 'skirt':
      return skirt(p)
    case 'kids-set':
      return kidsSet(p, second)
    default:
      return tee(p, 'round')
  }
}

/** A cheap soft shadow: the outline stroked wide at low opacity a few times (no blur filter, which is slow). */
function softShadow(outline: string[], dx: number, dy: number): string {
  const d = outline.join(' ')
  const layers = [36, 22, 10]
    .map(
      (w) =>
        `<path d="${d}" fill="#000000" stroke="#000000" stroke-width="${w}" stroke-linejoin="round" opacity="0.05"/>`,
    )
    .join('')
  return `<g transform="translate(${dx} ${dy})">${layers}</g>`
}

function clothingScene(product: SeedProduct, colour: string, detail: boolean): string {
  const p = paintFor(colorHex(colour))
  const other = product.colors.find((c) => c !== colour) ?? 'white'
  const second = paintFor(colorHex(product.model === 'kids-set' ? (colour === 'white' ? 'navy' : 'white') : other))
  const garment = drawGarment(product, p, second)
  const kids = product.categorySlug.startsWith('kids') && product.model !== 'kids-set'
  // kids' garments a little smaller; a detail shot zooms on the upper half
  const scale = detail ? 1.45 : kids ? 0.86 : 0.92
  const cy = detail ? 430 : 590
  const transform = `translate(600 600) scale(${scale}) translate(-600 -${cy})`
  return `<g transform="${transform}">${softShadow(garment.outline, 10, 16)}${garment.body}</g>`
}

// ---------------------------------------------------------------- product images

function productBackground(slug: string): string {
  const tones = ['#f4efe8', '#f2ede6', '#f3eee4', '#efebe6', '#f5f0e9', '#f1ece3', '#f0ede8', '#f4eee6']
  const base = tones[hash(slug) % tones.length] ?? '#f3eee6'
  // one gradient makes the studio sweep: a light wall that turns into a slightly darker floor
  return `<rect width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" fill="${base}"/><rect width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" fill="url(#wall)"/>`
}

/** One demo photo: the colour it shows (null: the product in general) and whether it is the second view. */
export interface DemoShot {
  color: string | null
  /** A pair of shoes, or a closer look at a garment, instead of the plain view. */
  alternate: boolean
}

/**
 * The demo photos of a product: one per colour when it comes in several (each drawn in that colour and
 * tied to it, so the storefront's picture follows the chosen colour); otherwise a plain view and a second
 * view (pair or detail) that belong to no colour in particular.
 */
export function demoShots(product: SeedProduct): DemoShot[] {
  if (product.colors.length > 1) return product.colors.map((color, i) => ({ color, alternate: product.kind === 'shoe' && i % 2 === 1 }))
  return [
    { color: null, alternate: false },
    { color: null, alternate: true },
  ]
}

/** The SVG of one product picture (see demoShots for what each index shows). */
export function productImageSvg(product: SeedProduct, imageIndex: number): string {
  const shot = demoShots(product)[imageIndex] ?? { color: null, alternate: imageIndex % 2 === 1 }
  const colour = shot.color ?? product.colors[0] ?? 'black'
  const content =
    product.kind === 'shoe' ? shoeScene(product, colour, shot.alternate) : clothingScene(product, colour, shot.alternate)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" viewBox="0 0 ${PRODUCT_SIZE} ${PRODUCT_SIZE}">${DEFS}${productBackground(product.slug)}${content}</svg>`
}

/** Rasterises an SVG once at full size, then writes one WebP per width (metadata is not kept). */
async function writeWidths(svg: string, fullWidth: number, widths: readonly number[], dir: string, base: string) {
  const sharp = await loadSharp()
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  return Promise.all(
    widths.map(async (w) => {
      const name = `${base}-${w}.webp`
      const image = sharp(data, { raw })
      if (w !== fullWidth) image.resize({ width: w })
      await image.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toFile(path.join(dir, name))
      return name
    }),
  )
}

/** Writes `${dir}/${base}-${w}.webp` for each of PRODUCT_IMAGE_WIDTHS (square); returns the file names. */
export async function writeProductImages(
  product: SeedProduct,
  imageIndex: number,
  dir: string,
  base: string,
): Promise<string[]> {
  return writeWidths(productImageSvg(product, imageIndex), PRODUCT_SIZE, PRODUCT_IMAGE_WIDTHS, dir, base)
}

// ---------------------------------------------------------------- banners

/** An eight-pointed star, the classic zellige motif. */
function star(cx: number, cy: number, r: number, fill: string, opacity: number): string {
  const square = `M${cx - r},${cy - r} h${2 * r} v${2 * r} h${-2 * r} Z`
  return `<g opacity="${opacity}"><path d="${square}" fill="${fill}"/><path d="${square}" fill="${fill}" transform="rotate(45 ${cx} ${cy})"/></g>`
}

/** The outline of the same star: 16 points alternating corner and notch. */
function starOutline(cx: number, cy: number, r: number, stroke: string, opacity: number): string {
  const points = Array.from({ length: 16 }, (_, k) => {
    const angle = (k * Math.PI) / 8
    const radius = k % 2 === 0 ? r * Math.SQRT2 : r / Math.cos(Math.PI / 8)
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`
  })
  return `<polygon points="${points.join(' ')}" fill="none" stroke="${stroke}" stroke-width="3" opacity="${opacity}"/>`
}

/** The banner's hero object, by position: a pump, a kids' sneaker, a loafer. */
const BANNER_MODELS: ProductModel[] = ['heel', 'sneaker', 'loafer']

/**
 * The SVG of a banner: an arch and a plinth in the palette with a shoe on the plinth, all on the right third;
 * the left side stays calm for the localized title the storefront lays over it.
 */
export function bannerSvg(banner: SeedBanner): string {
  const { background, accent } = banner.palette
  const darkBg = luminance(background) < 0.4
  // the shoe must stand out from the arch behind it: cream on dark palettes, near black on light ones
  const shoeColour = darkBg ? mix(accent, '#ffffff', 0.55) : mix('#1f1f1f', accent, 0.15)
  const model = BANNER_MODELS[banner.position % BANNER_MODELS.length] ?? 'sneaker'
  const p = paintFor(shoeColour)
  const plinth = darkBg ? mix(background, '#ffffff', 0.14) : mix(background, '#ffffff', 0.55)
  const archLight = mix(accent, background, 0.55)
  const floor = mix(background, '#000000', darkBg ? 0.25 : 0.07)
  const stars = [
    // a large, faint star keeps the text side of the banner from looking unfinished
    starOutline(230, 960, 190, accent, 0.35),
    starOutline(230, 960, 150, accent, 0.18),
    star(1180, 200, 22, accent, 0.5),
    star(1780, 320, 14, accent, 0.45),
    star(1130, 900, 12, archLight, 0.6),
    star(1820, 860, 26, archLight, 0.35),
  ].join('')
  const scale = 0.6
  const shoeX = 1460 - (834 * scale) / 2
  const groundY = 770
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_W}" height="${BANNER_H}" viewBox="0 0 ${BANNER_W} ${BANNER_H}">${DEFS}
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(background, '#ffffff', darkBg ? 0.06 : 0.3)}"/><stop offset="1" stop-color="${background}"/></linearGradient>
<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#bg)"/>
<rect y="860" width="${BANNER_W}" height="220" fill="${floor}" opacity="0.5"/>
<circle cx="1700" cy="230" r="120" fill="${accent}" opacity="0.22"/>
<path d="M1150,1080 V460 A310,310 0 0 1 1770,460 V1080 Z" fill="${archLight}" opacity="0.55"/>
<path d="M1210,1080 V480 A250,250 0 0 1 1710,480 V1080 Z" fill="${accent}"/>
<path d="M1250,1080 V500 A210,210 0 0 1 1670,500 V1080 Z" fill="${mix(accent, '#000000', 0.12)}" opacity="0.35"/>
${stars}
<rect x="1130" y="${groundY}" width="660" height="${BANNER_H - groundY}" rx="8" fill="${plinth}"/>
<rect x="1130" y="${groundY}" width="660" height="26" rx="8" fill="#ffffff" opacity="0.25"/>
${floorShadow(1460, groundY + 2, 270, 20)}
<g transform="translate(${shoeX.toFixed(1)} ${groundY}) scale(${scale})">${drawShoe(model, p, model === 'sneaker' ? 'kids' : banner.slug)}</g>
</svg>`
}

/** Writes `${dir}/${base}-${w}.webp` for each of BANNER_IMAGE_WIDTHS (16:9); returns the file names. */
export async function writeBannerImages(banner: SeedBanner, dir: string, base: string): Promise<string[]> {
  return writeWidths(bannerSvg(banner), BANNER_W, BANNER_IMAGE_WIDTHS, dir, base)
}

// ---------------------------------------------------------------- logo

/** The shop's mark (two footprints: خطوة means "a step"), as a square SVG that needs no font. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" rx="56" fill="#2b2118"/>
<g fill="#e9dcc6" transform="rotate(-14 128 128)">
<path d="M88,60 C108,52 124,70 122,98 C120,124 112,146 92,148 C72,150 64,128 66,104 C68,80 72,66 88,60 Z"/>
<path d="M74,160 C88,156 100,164 100,178 C100,192 92,200 82,200 C70,200 64,190 64,178 C64,168 68,162 74,160 Z"/>
</g>
<g fill="#c8794a" transform="rotate(-14 128 128)">
<path d="M170,34 C190,26 206,44 204,72 C202,98 194,120 174,122 C154,124 146,102 148,78 C150,54 154,40 170,34 Z"/>
<path d="M156,134 C170,130 182,138 182,152 C182,166 174,174 164,174 C152,174 146,164 146,152 C146,142 150,136 156,134 Z"/>
</g>
</svg>
`

/** Writes `${dir}/logo.svg` and returns its file name (relative to dir). */
export async function writeLogo(dir: string): Promise<string> {
  const name = 'logo.svg'
  await writeFile(path.join(dir, name), LOGO_SVG)
  return name
}
