import { CLOTHING_SIZES } from '@shop/shared'

// The demo shop "Khatwa / خطوة": categories, products, banners, coupons and contact details.
// Pure data: no I/O, no randomness (stocks come from a hash of the slug, so every seed is identical).

export interface SeedCategory {
  slug: string
  nameAr: string
  nameFr: string
  descriptionAr: string
  descriptionFr: string
  parentSlug: string | null
  position: number
}

export interface SeedVariant {
  size: string
  /** A COLORS key from @shop/shared. */
  color: string
  stock: number
}

/** The drawings that images.ts knows how to make. */
export const SHOE_MODELS = ['sneaker', 'derby', 'loafer', 'boot', 'sandal', 'ballerina', 'heel'] as const
export const CLOTHING_MODELS = [
  'tshirt',
  'polo',
  'shirt',
  'hoodie',
  'jacket',
  'trousers',
  'dress',
  'skirt',
  'kids-set',
] as const
export type ShoeModel = (typeof SHOE_MODELS)[number]
export type ClothingModel = (typeof CLOTHING_MODELS)[number]
export type ProductModel = ShoeModel | ClothingModel

export interface SeedProduct {
  slug: string
  /** A leaf category. */
  categorySlug: string
  nameAr: string
  nameFr: string
  descriptionAr: string
  descriptionFr: string
  /** Whole dinars. */
  price: number
  compareAtPrice: number | null
  kind: 'shoe' | 'clothing'
  /** Which drawing images.ts uses. */
  model: ProductModel
  /** Image colours (COLORS keys), the first one is the main picture. */
  colors: string[]
  variants: SeedVariant[]
  createdDaysAgo: number
  soldCount: number
}

export interface SeedBanner {
  slug: string
  titleAr: string
  titleFr: string
  descriptionAr: string
  descriptionFr: string
  link: string
  position: number
  startsInDays: number
  endsInDays: number | null
  palette: { background: string; accent: string }
}

export interface SeedCoupon {
  code: string
  type: 'percentage' | 'fixed'
  value: number
  minOrder: number
  maxUses: number | null
  expiresInDays: number | null
}

// ---------------------------------------------------------------- categories

export const CATEGORIES: SeedCategory[] = [
  {
    slug: 'men',
    nameAr: 'رجال',
    nameFr: 'Homme',
    descriptionAr: 'أحذية وملابس رجالية صُنعت في الجزائر.',
    descriptionFr: 'Chaussures et vêtements pour homme fabriqués en Algérie.',
    parentSlug: null,
    position: 0,
  },
  {
    slug: 'women',
    nameAr: 'نساء',
    nameFr: 'Femme',
    descriptionAr: 'أحذية وملابس نسائية أنيقة ومريحة لكل يوم ولكل مناسبة.',
    descriptionFr:
      'Chaussures et vêtements pour femme, élégants et confortables, pour tous les jours et toutes les occasions.',
    parentSlug: null,
    position: 1,
  },
  {
    slug: 'kids',
    nameAr: 'أطفال',
    nameFr: 'Enfants',
    descriptionAr: 'أحذية وملابس متينة للمدرسة واللعب والأعياد.',
    descriptionFr: "Chaussures et vêtements résistants pour l'école, les jeux et les fêtes.",
    parentSlug: null,
    position: 2,
  },
  {
    slug: 'men-shoes',
    nameAr: 'أحذية رجالية',
    nameFr: 'Chaussures homme',
    descriptionAr: 'أحذية رياضية وكلاسيكية وموكاسان وبوت وصنادل من الجلد.',
    descriptionFr: 'Baskets, derbies, mocassins, bottines et sandales en cuir.',
    parentSlug: 'men',
    position: 0,
  },
  {
    slug: 'men-clothing',
    nameAr: 'ملابس رجالية',
    nameFr: 'Vêtements homme',
    descriptionAr: 'تيشيرتات وقمصان وسراويل وسترات وأقمصة تقليدية.',
    descriptionFr: 'T-shirts, chemises, pantalons, vestes et qamis.',
    parentSlug: 'men',
    position: 1,
  },
  {
    slug: 'women-shoes',
    nameAr: 'أحذية نسائية',
    nameFr: 'Chaussures femme',
    descriptionAr: 'باليرينا وأحذية بكعب وصنادل وبوت وأحذية رياضية.',
    descriptionFr: 'Ballerines, escarpins, sandales, bottines et baskets.',
    parentSlug: 'women',
    position: 0,
  },
  {
    slug: 'women-clothing',
    nameAr: 'ملابس نسائية',
    nameFr: 'Vêtements femme',
    descriptionAr: 'عبايات وفساتين وقمصان وسراويل وتنانير.',
    descriptionFr: 'Abayas, robes, chemises, pantalons et jupes.',
    parentSlug: 'women',
    position: 1,
  },
  {
    slug: 'kids-shoes',
    nameAr: 'أحذية أطفال',
    nameFr: 'Chaussures enfant',
    descriptionAr: 'أحذية مريحة ومتينة للمدرسة والنزهات والمناسبات.',
    descriptionFr: "Chaussures confortables et solides pour l'école, les sorties et les cérémonies.",
    parentSlug: 'kids',
    position: 0,
  },
  {
    slug: 'kids-clothing',
    nameAr: 'ملابس أطفال',
    nameFr: 'Vêtements enfant',
    descriptionAr: 'أطقم وتيشيرتات وهوديات وفساتين العيد.',
    descriptionFr: "Ensembles, t-shirts, sweats et robes de l'Aïd.",
    parentSlug: 'kids',
    position: 1,
  },
]

// ---------------------------------------------------------------- products

const MEN_SHOE_SIZES = ['39', '40', '41', '42', '43', '44', '45', '46']
const WOMEN_SHOE_SIZES = ['36', '37', '38', '39', '40', '41']
// SHOE_SIZES starts at 36: the kids' range is the junior end of it.
const KIDS_SHOE_SIZES = ['36', '37', '38']
const ADULT_SIZES = [...CLOTHING_SIZES]
const KIDS_CLOTHING_SIZES = ['S', 'M', 'L']

/** FNV-1a: a small, stable hash so that stocks look random but never change between seeds. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

type StockProfile = 'normal' | 'low' | 'sold-out'

function stockFor(slug: string, size: string, color: string, edgeSize: boolean, profile: StockProfile): number {
  if (profile === 'sold-out') return 0
  const h = hash(`${slug}|${size}|${color}`)
  if (profile === 'low') return h % 4 // 0 to 3: the last pieces
  const roll = h % 100
  if (roll < 7) return 0
  if (roll < 20) return 1 + ((h >>> 8) % 5) // 1 to 5
  const stock = 6 + ((h >>> 8) % 20) // 6 to 25
  // the smallest and largest sizes sell less, so the shop keeps fewer of them
  return edgeSize ? Math.max(3, Math.ceil(stock / 2)) : stock
}

interface ProductInput extends Omit<SeedProduct, 'kind' | 'variants'> {
  sizes: string[]
  stock?: StockProfile
}

function product(input: ProductInput): SeedProduct {
  const { sizes, stock = 'normal', ...rest } = input
  const kind = (SHOE_MODELS as readonly string[]).includes(input.model) ? 'shoe' : 'clothing'
  const variants: SeedVariant[] = []
  for (const color of input.colors) {
    sizes.forEach((size, i) => {
      const edgeSize = sizes.length >= 5 && (i === 0 || i === sizes.length - 1)
      variants.push({ size, color, stock: stockFor(input.slug, size, color, edgeSize, stock) })
    })
  }
  return { ...rest, kind, variants }
}

const MEN_SHOES: SeedProduct[] = [
  product({
    slug: 'baskets-atlas-cuir',
    categorySlug: 'men-shoes',
    nameAr: 'حذاء رياضي أطلس من الجلد',
    nameFr: 'Baskets Atlas en cuir',
    descriptionAr:
      'حذاء رياضي أنيق من الجلد الطبيعي بنعل مطاطي مريح يناسب الاستعمال اليومي. صُنع في الجزائر بخياطة متينة وبطانة تسمح بتهوية القدم.',
    descriptionFr:
      'Baskets en cuir pleine fleur avec semelle en caoutchouc confortable, idéales au quotidien. Fabriquées en Algérie, coutures renforcées et doublure respirante.',
    price: 7900,
    compareAtPrice: 9500,
    model: 'sneaker',
    colors: ['white', 'black'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 12,
    soldCount: 214,
  }),
  product({
    slug: 'running-sahara',
    categorySlug: 'men-shoes',
    nameAr: 'حذاء الجري صحراء',
    nameFr: 'Chaussures de running Sahara',
    descriptionAr:
      'حذاء خفيف الوزن بنسيج شبكي يسمح بمرور الهواء ونعل يمتص الصدمات. مثالي للمشي والجري حتى في أيام الحر.',
    descriptionFr:
      'Chaussure légère en mesh respirant avec semelle amortissante. Parfaite pour la marche et la course, même par temps chaud.',
    price: 6500,
    compareAtPrice: null,
    model: 'sneaker',
    colors: ['grey', 'navy'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 30,
    soldCount: 156,
  }),
  product({
    slug: 'derby-casbah',
    categorySlug: 'men-shoes',
    nameAr: 'حذاء ديربي القصبة',
    nameFr: 'Derby Casbah en cuir lisse',
    descriptionAr:
      'حذاء كلاسيكي من الجلد الأملس بلمسة لامعة، يناسب العمل والمناسبات. نعل جلدي مع طبقة مطاطية مانعة للانزلاق.',
    descriptionFr:
      'Derby classique en cuir lisse au fini brillant, pour le bureau comme pour les cérémonies. Semelle en cuir avec patin antidérapant.',
    price: 11900,
    compareAtPrice: null,
    model: 'derby',
    colors: ['black', 'brown'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 45,
    soldCount: 88,
  }),
  product({
    slug: 'mocassins-tlemcen',
    categorySlug: 'men-shoes',
    nameAr: 'حذاء موكاسان تلمسان',
    nameFr: 'Mocassins Tlemcen en daim',
    descriptionAr:
      'موكاسان من الجلد المخملي الناعم يُلبس بسهولة دون رباط. خفيف ومرن، يناسب الإطلالات الأنيقة وغير الرسمية.',
    descriptionFr:
      "Mocassins en daim souple qui s'enfilent sans lacets. Légers et flexibles, pour une allure élégante ou décontractée.",
    price: 8900,
    compareAtPrice: 10500,
    model: 'loafer',
    colors: ['camel', 'navy'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 20,
    soldCount: 131,
  }),
  product({
    slug: 'bottines-djurdjura',
    categorySlug: 'men-shoes',
    nameAr: 'بوت جرجرة من الجلد',
    nameFr: 'Bottines Djurdjura en cuir',
    descriptionAr:
      'بوت متين من الجلد الطبيعي بنعل مسنّن يمنح ثباتًا على الطرق المبللة. رفيقك المثالي في الشتاء، في المدينة أو في الجبل.',
    descriptionFr:
      "Bottines robustes en cuir véritable, semelle crantée pour une bonne adhérence sur sol mouillé. L'alliée idéale de l'hiver, en ville comme en montagne.",
    price: 13500,
    compareAtPrice: null,
    model: 'boot',
    colors: ['brown', 'black'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 60,
    soldCount: 73,
  }),
  product({
    slug: 'sandales-tassili',
    categorySlug: 'men-shoes',
    nameAr: 'صندل طاسيلي الجلدي',
    nameFr: 'Sandales Tassili en cuir',
    descriptionAr: 'صندل صيفي بأشرطة جلدية قابلة للتعديل ونعل داخلي مريح. مثالي للشاطئ والنزهات.',
    descriptionFr:
      "Sandales d'été à brides en cuir réglables et semelle intérieure confortable. Parfaites pour la plage et les balades.",
    price: 4500,
    compareAtPrice: null,
    model: 'sandal',
    colors: ['brown'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 8,
    soldCount: 142,
  }),
  product({
    slug: 'chelsea-hoggar',
    categorySlug: 'men-shoes',
    nameAr: 'بوت تشيلسي الهقار',
    nameFr: 'Chelsea boots Hoggar',
    descriptionAr:
      'بوت تشيلسي من الجلد المخملي بجانبين مطاطيين يسهّلان اللبس والخلع. تصميم عصري يناسب الجينز والسراويل القماشية.',
    descriptionFr:
      "Chelsea boots en daim avec empiècements élastiques pour les enfiler facilement. Un style actuel qui va aussi bien avec un jean qu'avec un chino.",
    price: 12900,
    compareAtPrice: null,
    model: 'boot',
    colors: ['camel'],
    sizes: MEN_SHOE_SIZES,
    stock: 'sold-out',
    createdDaysAgo: 75,
    soldCount: 96,
  }),
  product({
    slug: 'baskets-toile-sidi-fredj',
    categorySlug: 'men-shoes',
    nameAr: 'حذاء قماشي سيدي فرج',
    nameFr: 'Baskets en toile Sidi Fredj',
    descriptionAr: 'حذاء خفيف من القماش القطني بنعل مطاطي أبيض. بسيط وعملي لأيام الصيف.',
    descriptionFr: "Baskets légères en toile de coton, semelle en caoutchouc blanc. Simples et pratiques pour l'été.",
    price: 3900,
    compareAtPrice: null,
    model: 'sneaker',
    colors: ['navy', 'white', 'red'],
    sizes: MEN_SHOE_SIZES,
    createdDaysAgo: 3,
    soldCount: 47,
  }),
]

const WOMEN_SHOES: SeedProduct[] = [
  product({
    slug: 'ballerines-yasmine',
    categorySlug: 'women-shoes',
    nameAr: 'باليرينا ياسمين',
    nameFr: 'Ballerines Yasmine',
    descriptionAr: 'باليرينا ناعمة بنعل مرن ونعل داخلي مبطّن. أنيقة ومريحة طوال اليوم، في العمل أو في النزهات.',
    descriptionFr:
      'Ballerines souples à semelle flexible et semelle intérieure rembourrée. Élégantes et confortables toute la journée, au travail comme en balade.',
    price: 4200,
    compareAtPrice: 4900,
    model: 'ballerina',
    colors: ['beige', 'black', 'pink'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 15,
    soldCount: 238,
  }),
  product({
    slug: 'escarpins-lina',
    categorySlug: 'women-shoes',
    nameAr: 'حذاء لينا بكعب عالٍ',
    nameFr: 'Escarpins Lina',
    descriptionAr: 'حذاء بكعب عالٍ بارتفاع 8 سم ومقدمة مدببة، للسهرات والأعراس. نعل داخلي مبطّن لراحة تدوم أطول.',
    descriptionFr:
      'Escarpins à talon de 8 cm et bout pointu, pour les soirées et les mariages. Semelle intérieure rembourrée pour un confort prolongé.',
    price: 6900,
    compareAtPrice: null,
    model: 'heel',
    colors: ['black', 'red'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 25,
    soldCount: 119,
  }),
  product({
    slug: 'sandales-nour',
    categorySlug: 'women-shoes',
    nameAr: 'صندل نور المسطّح',
    nameFr: 'Sandales plates Nour',
    descriptionAr: 'صندل مسطّح بأشرطة رفيعة وإبزيم ذهبي. خفيف وسهل التنسيق مع الفساتين والسراويل.',
    descriptionFr:
      'Sandales plates à fines brides et boucle dorée. Légères et faciles à associer aux robes comme aux pantalons.',
    price: 3800,
    compareAtPrice: null,
    model: 'sandal',
    colors: ['camel', 'white'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 5,
    soldCount: 167,
  }),
  product({
    slug: 'baskets-amel',
    categorySlug: 'women-shoes',
    nameAr: 'حذاء رياضي أمال',
    nameFr: 'Baskets Amel',
    descriptionAr: 'حذاء رياضي بنعل مرتفع قليلًا وتفاصيل ملوّنة. يمنحك إطلالة عصرية ومريحة.',
    descriptionFr: 'Baskets à semelle légèrement surélevée et détails colorés. Pour un look actuel et confortable.',
    price: 6200,
    compareAtPrice: 7500,
    model: 'sneaker',
    colors: ['white', 'pink'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 2,
    soldCount: 58,
  }),
  product({
    slug: 'bottines-selma',
    categorySlug: 'women-shoes',
    nameAr: 'بوت سلمى بكعب عريض',
    nameFr: 'Bottines Selma à talon carré',
    descriptionAr: 'بوت قصير من الجلد بكعب عريض بارتفاع 5 سم وسحّاب جانبي. ثابت ومريح لأيام الشتاء.',
    descriptionFr:
      "Bottines en cuir à talon carré de 5 cm et fermeture éclair latérale. Stables et confortables pour l'hiver.",
    price: 10900,
    compareAtPrice: 12900,
    model: 'boot',
    colors: ['black', 'burgundy'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 50,
    soldCount: 64,
  }),
  product({
    slug: 'mocassins-rym',
    categorySlug: 'women-shoes',
    nameAr: 'حذاء موكاسان ريم',
    nameFr: 'Mocassins Rym',
    descriptionAr: 'موكاسان نسائي من الجلد اللامع بقطعة معدنية أنيقة في المقدمة. يضفي لمسة راقية على إطلالتك اليومية.',
    descriptionFr: 'Mocassins en cuir verni ornés d’un mors métallique. Une touche raffinée pour le quotidien.',
    price: 7400,
    compareAtPrice: null,
    model: 'loafer',
    colors: ['burgundy', 'black'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 35,
    soldCount: 81,
  }),
  product({
    slug: 'sandales-talon-soraya',
    categorySlug: 'women-shoes',
    nameAr: 'صندل ثريا بكعب',
    nameFr: 'Sandales à talon Soraya',
    descriptionAr: 'صندل بكعب رفيع وأشرطة متقاطعة، مثالي لحفلات الصيف والأعراس.',
    descriptionFr: "Sandales à talon fin et brides croisées, idéales pour les fêtes et les mariages de l'été.",
    price: 7900,
    compareAtPrice: null,
    model: 'heel',
    colors: ['beige'],
    sizes: WOMEN_SHOE_SIZES,
    createdDaysAgo: 10,
    soldCount: 52,
  }),
  product({
    slug: 'ballerines-dounia',
    categorySlug: 'women-shoes',
    nameAr: 'باليرينا دنيا اللامعة',
    nameFr: 'Ballerines vernies Dounia',
    descriptionAr: 'باليرينا من الجلد اللامع بعقدة صغيرة في المقدمة. قطعة كلاسيكية لا تخرج عن الموضة.',
    descriptionFr: 'Ballerines en cuir verni avec petit nœud sur le dessus. Un classique intemporel.',
    price: 4600,
    compareAtPrice: null,
    model: 'ballerina',
    colors: ['red', 'navy'],
    sizes: WOMEN_SHOE_SIZES,
    stock: 'sold-out',
    createdDaysAgo: 80,
    soldCount: 190,
  }),
]

const KIDS_SHOES: SeedProduct[] = [
  product({
    slug: 'baskets-junior-flash',
    categorySlug: 'kids-shoes',
    nameAr: 'حذاء رياضي فلاش للأطفال',
    nameFr: 'Baskets junior Flash',
    descriptionAr: 'حذاء رياضي متين للمدرسة واللعب بنعل مطاطي مانع للانزلاق. سهل التنظيف.',
    descriptionFr:
      "Baskets résistantes pour l'école et les jeux, semelle en caoutchouc antidérapante. Faciles à nettoyer.",
    price: 3900,
    compareAtPrice: 4500,
    model: 'sneaker',
    colors: ['blue', 'red'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 18,
    soldCount: 175,
  }),
  product({
    slug: 'baskets-scratch-mini-atlas',
    categorySlug: 'kids-shoes',
    nameAr: 'حذاء ميني أطلس بشريط لاصق',
    nameFr: 'Baskets à scratch Mini Atlas',
    descriptionAr: 'حذاء رياضي بأشرطة لاصقة يلبسه الطفل وحده بسهولة. بطانة ناعمة ونعل مرن.',
    descriptionFr: "Baskets à scratch que l'enfant enfile tout seul. Doublure douce et semelle souple.",
    price: 3500,
    compareAtPrice: null,
    model: 'sneaker',
    colors: ['white', 'pink'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 6,
    soldCount: 122,
  }),
  product({
    slug: 'sandales-junior-plage',
    categorySlug: 'kids-shoes',
    nameAr: 'صندل الشاطئ للأطفال',
    nameFr: 'Sandales de plage junior',
    descriptionAr: 'صندل خفيف مقاوم للماء بأشرطة قابلة للتعديل. مثالي للعطلة الصيفية.',
    descriptionFr: "Sandales légères résistantes à l'eau, brides réglables. Parfaites pour les vacances d'été.",
    price: 3500,
    compareAtPrice: null,
    model: 'sandal',
    colors: ['navy', 'pink'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 22,
    soldCount: 98,
  }),
  product({
    slug: 'bottines-junior-hiver',
    categorySlug: 'kids-shoes',
    nameAr: 'بوت شتوي للأطفال',
    nameFr: "Bottines d'hiver junior",
    descriptionAr: 'بوت دافئ ببطانة من الفرو الصناعي ونعل مسنّن. يحمي القدمين من البرد والمطر.',
    descriptionFr:
      'Bottines chaudes doublées de fausse fourrure, semelle crantée. Elles protègent du froid et de la pluie.',
    price: 5200,
    compareAtPrice: null,
    model: 'boot',
    colors: ['brown', 'navy'],
    sizes: KIDS_SHOE_SIZES,
    stock: 'low',
    createdDaysAgo: 65,
    soldCount: 54,
  }),
  product({
    slug: 'ballerines-fille-lilia',
    categorySlug: 'kids-shoes',
    nameAr: 'باليرينا ليليا للبنات',
    nameFr: 'Ballerines fille Lilia',
    descriptionAr: 'باليرينا للبنات بشريط لاصق حول الكاحل لثبات أفضل. مناسبة للمدرسة والحفلات.',
    descriptionFr:
      "Ballerines pour fille avec bride à scratch à la cheville pour un bon maintien. Pour l'école comme pour les fêtes.",
    price: 3600,
    compareAtPrice: 4200,
    model: 'ballerina',
    colors: ['pink', 'beige'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 9,
    soldCount: 143,
  }),
  product({
    slug: 'derby-ceremonie-garcon',
    categorySlug: 'kids-shoes',
    nameAr: 'حذاء المناسبات للأولاد',
    nameFr: 'Derby de cérémonie garçon',
    descriptionAr: 'حذاء كلاسيكي للأولاد يناسب الأعياد والأعراس. جلد ناعم ونعل خفيف لا يُتعب القدم.',
    descriptionFr:
      "Derby classique pour garçon, idéal pour l'Aïd et les mariages. Cuir souple et semelle légère qui ne fatigue pas le pied.",
    price: 4800,
    compareAtPrice: null,
    model: 'derby',
    colors: ['black', 'brown'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 40,
    soldCount: 109,
  }),
  product({
    slug: 'baskets-junior-trek',
    categorySlug: 'kids-shoes',
    nameAr: 'حذاء تريك للأطفال',
    nameFr: 'Baskets junior Trek',
    descriptionAr: 'حذاء رياضي للنزهات بنعل قوي ومقدمة مقوّاة. يتحمّل الاستعمال المكثف.',
    descriptionFr: 'Baskets de randonnée à semelle robuste et bout renforcé. Conçues pour un usage intensif.',
    price: 4400,
    compareAtPrice: null,
    model: 'sneaker',
    colors: ['grey', 'olive'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 55,
    soldCount: 37,
  }),
  product({
    slug: 'mocassins-garcon-aid',
    categorySlug: 'kids-shoes',
    nameAr: 'موكاسان العيد للأولاد',
    nameFr: 'Mocassins garçon Aïd',
    descriptionAr: 'موكاسان أنيق من الجلد المخملي لإطلالة العيد. خفيف ويُلبس بسهولة.',
    descriptionFr: "Mocassins élégants en daim pour les tenues de l'Aïd. Légers et faciles à enfiler.",
    price: 4300,
    compareAtPrice: null,
    model: 'loafer',
    colors: ['navy', 'camel'],
    sizes: KIDS_SHOE_SIZES,
    createdDaysAgo: 28,
    soldCount: 66,
  }),
]

const MEN_CLOTHING: SeedProduct[] = [
  product({
    slug: 'tshirt-coton-bio',
    categorySlug: 'men-clothing',
    nameAr: 'تيشيرت خطوة من القطن العضوي',
    nameFr: 'T-shirt coton bio Khatwa',
    descriptionAr: 'تيشيرت بياقة دائرية من القطن العضوي 100 %، ناعم ويحافظ على جودته بعد الغسيل. قصة مستقيمة مريحة.',
    descriptionFr: 'T-shirt col rond en coton bio 100 %, doux et résistant au lavage. Coupe droite confortable.',
    price: 1800,
    compareAtPrice: 2200,
    model: 'tshirt',
    colors: ['white', 'black', 'olive'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 14,
    soldCount: 286,
  }),
  product({
    slug: 'polo-pique-oran',
    categorySlug: 'men-clothing',
    nameAr: 'قميص بولو وهران',
    nameFr: 'Polo piqué Oran',
    descriptionAr: 'بولو من قماش البيكيه القطني بأزرار عند الرقبة. أناقة بسيطة لأيام الصيف.',
    descriptionFr: "Polo en maille piquée de coton, patte boutonnée. Une élégance simple pour l'été.",
    price: 2900,
    compareAtPrice: null,
    model: 'polo',
    colors: ['navy', 'white', 'burgundy'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 26,
    soldCount: 151,
  }),
  product({
    slug: 'chemise-oxford',
    categorySlug: 'men-clothing',
    nameAr: 'قميص أكسفورد رجالي',
    nameFr: 'Chemise Oxford homme',
    descriptionAr: 'قميص من قماش أكسفورد القطني بياقة مزررة. يناسب المكتب وعطلة نهاية الأسبوع.',
    descriptionFr: 'Chemise en coton Oxford à col boutonné. Du bureau au week-end.',
    price: 3900,
    compareAtPrice: 4600,
    model: 'shirt',
    colors: ['blue', 'white'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 33,
    soldCount: 117,
  }),
  product({
    slug: 'jean-slim-brut',
    categorySlug: 'men-clothing',
    nameAr: 'سروال جينز بقصة ضيقة',
    nameFr: 'Jean slim brut',
    descriptionAr: 'سروال جينز بقصة ضيقة من قماش دنيم مرن يمنح حرية في الحركة. خمسة جيوب وتشطيب متقن.',
    descriptionFr:
      'Jean coupe slim en denim stretch pour une grande liberté de mouvement. Cinq poches, finitions soignées.',
    price: 4900,
    compareAtPrice: null,
    model: 'trousers',
    colors: ['blue', 'navy'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 41,
    soldCount: 203,
  }),
  product({
    slug: 'chino-constantine',
    categorySlug: 'men-clothing',
    nameAr: 'سروال شينو قسنطينة',
    nameFr: 'Chino Constantine',
    descriptionAr: 'سروال شينو من قطن الغاباردين بقصة مستقيمة. يُنسَّق بسهولة مع القمصان والتيشيرتات.',
    descriptionFr: "Chino en gabardine de coton, coupe droite. S'associe facilement aux chemises comme aux t-shirts.",
    price: 4200,
    compareAtPrice: null,
    model: 'trousers',
    colors: ['beige', 'olive', 'navy'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 52,
    soldCount: 94,
  }),
  product({
    slug: 'hoodie-casbah',
    categorySlug: 'men-clothing',
    nameAr: 'هودي القصبة',
    nameFr: 'Sweat à capuche Casbah',
    descriptionAr: 'هودي دافئ من القطن المبطّن بجيب أمامي وغطاء رأس بحبل قابل للشد. رفيقك في الأمسيات الباردة.',
    descriptionFr:
      'Sweat à capuche en molleton de coton, poche kangourou et capuche à cordon. Pour les soirées fraîches.',
    price: 4600,
    compareAtPrice: 5500,
    model: 'hoodie',
    colors: ['grey', 'black'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 70,
    soldCount: 178,
  }),
  product({
    slug: 'blouson-bomber',
    categorySlug: 'men-clothing',
    nameAr: 'سترة بومبر',
    nameFr: 'Blouson bomber',
    descriptionAr: 'سترة بومبر خفيفة ببطانة دافئة وسحّاب معدني، وحواف مضلّعة عند الأكمام والخصر.',
    descriptionFr:
      'Blouson bomber léger à doublure chaude et zip métallique. Bords côtelés aux poignets et à la taille.',
    price: 8500,
    compareAtPrice: 9900,
    model: 'jacket',
    colors: ['olive', 'black'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 85,
    soldCount: 61,
  }),
  product({
    slug: 'qamis-homme',
    categorySlug: 'men-clothing',
    nameAr: 'قميص تقليدي رجالي',
    nameFr: 'Qamis homme',
    descriptionAr: 'قميص طويل تقليدي من قماش خفيف لا يتجعّد بسهولة. مثالي لصلاة الجمعة والأعياد.',
    descriptionFr:
      'Qamis long traditionnel dans un tissu léger qui se froisse peu. Idéal pour la prière du vendredi et les fêtes.',
    price: 5200,
    compareAtPrice: null,
    model: 'dress',
    colors: ['white', 'grey'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 11,
    soldCount: 132,
  }),
]

const WOMEN_CLOTHING: SeedProduct[] = [
  product({
    slug: 'abaya-nesrine',
    categorySlug: 'women-clothing',
    nameAr: 'عباية نسرين',
    nameFr: 'Abaya Nesrine',
    descriptionAr: 'عباية واسعة من قماش الكريب المنسدل بأكمام عريضة. بسيطة وراقية لكل المناسبات.',
    descriptionFr: 'Abaya ample en crêpe fluide à manches larges. Simple et raffinée pour toutes les occasions.',
    price: 6900,
    compareAtPrice: 7900,
    model: 'dress',
    colors: ['black', 'navy'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 7,
    soldCount: 247,
  }),
  product({
    slug: 'robe-longue-meriem',
    categorySlug: 'women-clothing',
    nameAr: 'فستان مريم الطويل',
    nameFr: 'Robe longue Meriem',
    descriptionAr: 'فستان طويل بحزام عند الخصر وأكمام طويلة. قماش خفيف يناسب الربيع والصيف.',
    descriptionFr: "Robe longue ceinturée à manches longues. Tissu léger pour le printemps et l'été.",
    price: 5900,
    compareAtPrice: null,
    model: 'dress',
    colors: ['burgundy', 'olive'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 19,
    soldCount: 126,
  }),
  product({
    slug: 'chemise-lin-sara',
    categorySlug: 'women-clothing',
    nameAr: 'قميص سارة من الكتان',
    nameFr: 'Chemise en lin Sara',
    descriptionAr: 'قميص نسائي فضفاض من الكتان الطبيعي، منعش في أيام الحر.',
    descriptionFr: 'Chemise ample en lin naturel, fraîche par temps chaud.',
    price: 3400,
    compareAtPrice: null,
    model: 'shirt',
    colors: ['white', 'beige'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 4,
    soldCount: 72,
  }),
  product({
    slug: 'pantalon-large-ines',
    categorySlug: 'women-clothing',
    nameAr: 'سروال إيناس الواسع',
    nameFr: 'Pantalon large Inès',
    descriptionAr: 'سروال واسع بخصر مرتفع وطيّات أمامية. أنيق ومريح في العمل وخارجه.',
    descriptionFr: 'Pantalon large taille haute à pinces. Élégant et confortable, au travail comme ailleurs.',
    price: 3900,
    compareAtPrice: 4500,
    model: 'trousers',
    colors: ['beige', 'black'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 23,
    soldCount: 139,
  }),
  product({
    slug: 'jupe-plissee-amina',
    categorySlug: 'women-clothing',
    nameAr: 'تنورة أمينة المكسّرة',
    nameFr: 'Jupe plissée Amina',
    descriptionAr: 'تنورة طويلة بثنيات ناعمة وخصر مطاطي مريح. تتحرك بخفة مع كل خطوة.',
    descriptionFr: 'Jupe longue plissée à taille élastiquée confortable. Elle bouge avec légèreté à chaque pas.',
    price: 3200,
    compareAtPrice: null,
    model: 'skirt',
    colors: ['camel', 'navy'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 38,
    soldCount: 85,
  }),
  product({
    slug: 'trench-kenza',
    categorySlug: 'women-clothing',
    nameAr: 'معطف ترنش كنزة',
    nameFr: 'Trench Kenza',
    descriptionAr: 'معطف ترنش كلاسيكي بحزام وصفّين من الأزرار، يقي من الرياح والرذاذ.',
    descriptionFr: 'Trench classique ceinturé à double boutonnage, coupe-vent et déperlant.',
    price: 8900,
    compareAtPrice: 10500,
    model: 'jacket',
    colors: ['beige'],
    sizes: ADULT_SIZES,
    stock: 'sold-out',
    createdDaysAgo: 88,
    soldCount: 154,
  }),
  product({
    slug: 'sweat-hana',
    categorySlug: 'women-clothing',
    nameAr: 'هودي هناء',
    nameFr: 'Sweat à capuche Hana',
    descriptionAr: 'هودي ناعم بقصة واسعة وأكتاف منسدلة. دافئ ومريح لأيام الخريف.',
    descriptionFr: "Sweat à capuche doux, coupe oversize et épaules tombantes. Chaud et confortable pour l'automne.",
    price: 3600,
    compareAtPrice: null,
    model: 'hoodie',
    colors: ['pink', 'grey'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 58,
    soldCount: 91,
  }),
  product({
    slug: 'tshirt-rania',
    categorySlug: 'women-clothing',
    nameAr: 'تيشيرت رانيا بياقة دائرية',
    nameFr: 'T-shirt col rond Rania',
    descriptionAr: 'تيشيرت أساسي من القطن الناعم يسهل تنسيقه مع كل القطع.',
    descriptionFr: 'T-shirt basique en coton doux, facile à associer à tout.',
    price: 1600,
    compareAtPrice: null,
    model: 'tshirt',
    colors: ['white', 'pink', 'black'],
    sizes: ADULT_SIZES,
    createdDaysAgo: 1,
    soldCount: 64,
  }),
]

const KIDS_CLOTHING: SeedProduct[] = [
  product({
    slug: 'ensemble-ete-garcon',
    categorySlug: 'kids-clothing',
    nameAr: 'طقم صيفي للأولاد',
    nameFr: "Ensemble d'été garçon",
    descriptionAr: 'طقم من تيشيرت قطني وشورت مريح. مثالي للعب والعطلة.',
    descriptionFr: 'Ensemble t-shirt en coton et short confortable. Parfait pour jouer et pour les vacances.',
    price: 2600,
    compareAtPrice: 3200,
    model: 'kids-set',
    colors: ['blue', 'red'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 13,
    soldCount: 188,
  }),
  product({
    slug: 'ensemble-fille-malak',
    categorySlug: 'kids-clothing',
    nameAr: 'طقم ملاك للبنات',
    nameFr: 'Ensemble fille Malak',
    descriptionAr: 'طقم للبنات من تيشيرت وشورت بألوان ناعمة وقماش يسمح بمرور الهواء.',
    descriptionFr: 'Ensemble t-shirt et short pour fille, couleurs douces et tissu respirant.',
    price: 2800,
    compareAtPrice: null,
    model: 'kids-set',
    colors: ['pink', 'white'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 16,
    soldCount: 97,
  }),
  product({
    slug: 'sweat-junior',
    categorySlug: 'kids-clothing',
    nameAr: 'هودي للأطفال',
    nameFr: 'Sweat à capuche junior',
    descriptionAr: 'هودي دافئ للمدرسة بجيب أمامي وأساور مضلّعة. يحافظ على شكله بعد الغسيل.',
    descriptionFr:
      "Sweat à capuche chaud pour l'école, poche kangourou et poignets côtelés. Il garde sa forme au lavage.",
    price: 2400,
    compareAtPrice: null,
    model: 'hoodie',
    colors: ['navy', 'grey', 'red'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 62,
    soldCount: 113,
  }),
  product({
    slug: 'jean-junior',
    categorySlug: 'kids-clothing',
    nameAr: 'سروال جينز للأطفال',
    nameFr: 'Jean junior',
    descriptionAr: 'سروال جينز متين بخصر قابل للتعديل يرافق نمو الطفل.',
    descriptionFr: "Jean résistant à taille réglable qui suit la croissance de l'enfant.",
    price: 2700,
    compareAtPrice: null,
    model: 'trousers',
    colors: ['blue'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 47,
    soldCount: 101,
  }),
  product({
    slug: 'robe-fete-fille',
    categorySlug: 'kids-clothing',
    nameAr: 'فستان العيد للبنات',
    nameFr: 'Robe de fête fille',
    descriptionAr: 'فستان حفلات للبنات بتنورة منفوشة وبطانة قطنية ناعمة. مثالي للعيد والأعراس.',
    descriptionFr:
      "Robe de fête pour fille, jupe bouffante et doublure en coton douce. Parfaite pour l'Aïd et les mariages.",
    price: 3900,
    compareAtPrice: 4700,
    model: 'dress',
    colors: ['pink', 'burgundy'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 10,
    soldCount: 146,
  }),
  product({
    slug: 'tshirt-junior',
    categorySlug: 'kids-clothing',
    nameAr: 'تيشيرت قطني للأطفال',
    nameFr: 'T-shirt junior en coton',
    descriptionAr: 'تيشيرت قطني خفيف للأطفال، مريح ومتين للاستعمال اليومي.',
    descriptionFr: 'T-shirt léger en coton pour enfant, confortable et résistant au quotidien.',
    price: 1500,
    compareAtPrice: null,
    model: 'tshirt',
    colors: ['olive', 'white'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 30,
    soldCount: 158,
  }),
  product({
    slug: 'doudoune-junior',
    categorySlug: 'kids-clothing',
    nameAr: 'سترة شتوية مبطّنة للأطفال',
    nameFr: 'Doudoune junior',
    descriptionAr: 'سترة شتوية مبطّنة خفيفة ودافئة بغطاء رأس قابل للنزع. تقي من الرياح والمطر الخفيف.',
    descriptionFr: 'Doudoune légère et chaude à capuche amovible. Coupe-vent et déperlante.',
    price: 5200,
    compareAtPrice: 6200,
    model: 'jacket',
    colors: ['navy', 'red'],
    sizes: KIDS_CLOTHING_SIZES,
    stock: 'low',
    createdDaysAgo: 78,
    soldCount: 84,
  }),
  product({
    slug: 'chemise-ceremonie-garcon',
    categorySlug: 'kids-clothing',
    nameAr: 'قميص المناسبات للأولاد',
    nameFr: 'Chemise de cérémonie garçon',
    descriptionAr: 'قميص أنيق للأولاد من قماش قطني سهل الكي. يكمل إطلالة العيد.',
    descriptionFr: "Chemise élégante pour garçon en coton facile à repasser. Elle complète la tenue de l'Aïd.",
    price: 2500,
    compareAtPrice: null,
    model: 'shirt',
    colors: ['white', 'blue'],
    sizes: KIDS_CLOTHING_SIZES,
    createdDaysAgo: 24,
    soldCount: 77,
  }),
]

export const PRODUCTS: SeedProduct[] = [
  ...MEN_SHOES,
  ...WOMEN_SHOES,
  ...KIDS_SHOES,
  ...MEN_CLOTHING,
  ...WOMEN_CLOTHING,
  ...KIDS_CLOTHING,
]

// ---------------------------------------------------------------- marketing

export const BANNERS: SeedBanner[] = [
  {
    slug: 'nouvelle-collection-femme',
    titleAr: 'تشكيلة المرأة الجديدة',
    titleFr: 'Nouvelle collection femme',
    descriptionAr: 'عبايات وفساتين وأحذية صُنعت في الجزائر لموسم الربيع والصيف.',
    descriptionFr: 'Abayas, robes et chaussures fabriquées en Algérie pour le printemps-été.',
    link: '/collection?category=women',
    position: 0,
    startsInDays: -3,
    endsInDays: 60,
    palette: { background: '#efe4d6', accent: '#9c5b3c' },
  },
  {
    slug: 'aid-enfants',
    titleAr: 'إطلالة العيد للصغار',
    titleFr: "Les tenues de l'Aïd pour les petits",
    descriptionAr: 'أحذية وملابس أنيقة للأطفال، مع تخفيضات على تشكيلة مختارة.',
    descriptionFr: 'Chaussures et vêtements élégants pour enfants, avec des remises sur une sélection.',
    link: '/collection?category=kids',
    position: 1,
    startsInDays: -7,
    endsInDays: 21,
    palette: { background: '#1f2a44', accent: '#d9a441' },
  },
  {
    slug: 'paiement-a-la-livraison',
    titleAr: 'الدفع عند الاستلام في 58 ولاية',
    titleFr: 'Paiement à la livraison dans les 58 wilayas',
    descriptionAr: 'اطلب الآن وادفع عند استلام طلبيتك، أو عبر الحساب البريدي الجاري أو التحويل البنكي.',
    descriptionFr: 'Commandez maintenant et payez à la réception, ou par CCP ou virement bancaire.',
    link: '/collection',
    position: 2,
    startsInDays: -30,
    endsInDays: null,
    palette: { background: '#e3ebe4', accent: '#2f5d50' },
  },
]

export const COUPONS: SeedCoupon[] = [
  { code: 'BIENVENUE10', type: 'percentage', value: 10, minOrder: 0, maxUses: 500, expiresInDays: 180 },
  { code: 'KHATWA500', type: 'fixed', value: 500, minOrder: 6000, maxUses: 200, expiresInDays: 90 },
]

// ---------------------------------------------------------------- shop

export const SHOP = {
  nameAr: 'خطوة',
  nameFr: 'Khatwa',
  phone: '0550123456',
  whatsapp: '0770123456',
  email: 'contact@khatwa.dz',
  addressAr: '12 شارع ديدوش مراد، الجزائر الوسطى، 16000 الجزائر',
  addressFr: '12 rue Didouche Mourad, Alger-Centre, 16000 Alger',
  bankDetails: 'Khatwa SARL — RIB 000 00000 0000000000 00 — compte de démonstration',
  ccpDetails: 'CCP 0000000000 clé 00 — Khatwa — compte de démonstration',
} as const satisfies {
  nameAr: string
  nameFr: string
  phone: string
  email: string
  addressAr: string
  addressFr: string
  bankDetails: string
  ccpDetails: string
  whatsapp: string
}
