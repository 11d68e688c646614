/**
 * Benchmark data, written with set-based SQL (generate_series), never row by row: the catalogue is grown
 * to `products` products (the demo shop's ones included) with 4 variants and one image each, and
 * `orders` orders with one line each are spread over the last year.
 *
 * Generated products reuse the demo shop's image files, so pages show real pictures.
 */

/** Anything with `query(text)`: a pg Pool or a PGlite instance. */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

// Arabic and French words the names are built from; search terms of the benchmark come from these lists.
const KINDS = [
  ['حذاء رياضي', 'Baskets'],
  ['حذاء جلدي', 'Chaussures en cuir'],
  ['صندل', 'Sandales'],
  ['حذاء كعب عالي', 'Escarpins'],
  ['جزمة', 'Bottines'],
  ['قميص', 'Chemise'],
  ['فستان', 'Robe'],
  ['عباية', 'Abaya'],
  ['سروال جينز', 'Jean'],
  ['سترة', 'Veste'],
  ['قبعة', 'Casquette'],
  ['وشاح', 'Écharpe'],
] as const
const ADJECTIVES = [
  ['أنيق', 'élégant'],
  ['خفيف', 'léger'],
  ['مريح', 'confortable'],
  ['كلاسيكي', 'classique'],
  ['صيفي', "d'été"],
  ['شتوي', "d'hiver"],
  ['عصري', 'moderne'],
  ['تقليدي', 'traditionnel'],
] as const
const PLACES = ['الجزائر', 'وهران', 'قسنطينة', 'عنابة', 'تلمسان', 'بجاية', 'سطيف', 'باتنة', 'غرداية', 'تمنراست']
const PLACES_FR = ['Alger', 'Oran', 'Constantine', 'Annaba', 'Tlemcen', 'Béjaïa', 'Sétif', 'Batna', 'Ghardaïa', 'Tamanrasset']

export const SEARCH_TERMS = { ar: 'حذاء رياضي', fr: 'écharpe' } as const

const arr = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`

export interface GenerateResult {
  products: number
  variants: number
  orders: number
  ms: number
}

/** Grows the catalogue to `productTotal` products and adds `orderCount` orders. */
export async function generate(db: SqlClient, productTotal: number, orderCount: number, log: (line: string) => void): Promise<GenerateResult> {
  const started = Date.now()
  const [{ n: existing }] = (await db.query('select count(*)::int as n from products')).rows as [{ n: number }]
  const extra = Math.max(0, productTotal - existing)
  const kindsAr = arr(KINDS.map((k) => k[0]))
  const kindsFr = arr(KINDS.map((k) => k[1]))
  const adjAr = arr(ADJECTIVES.map((a) => a[0]))
  const adjFr = arr(ADJECTIVES.map((a) => a[1]))
  const placesAr = arr(PLACES)
  const placesFr = arr(PLACES_FR)

  if (extra > 0) {
    // products: leaf categories in turn; names "kind adjective place n"; one in five on sale
    await db.query(`
      with leaves as (
        select id, row_number() over (order by slug) - 1 as i, count(*) over () as n
        from categories c where not exists (select 1 from categories k where k.parent_id = c.id)
      )
      insert into products (category_id, slug, name_ar, name_fr, description_ar, description_fr, price, compare_at_price, sold_count, created_at, updated_at)
      select l.id,
             'bench-' || g,
             (${kindsAr})[1 + g % 12] || ' ' || (${adjAr})[1 + (g / 12) % 8] || ' ' || (${placesAr})[1 + (g / 96) % 10] || ' ' || g,
             (${kindsFr})[1 + g % 12] || ' ' || (${adjFr})[1 + (g / 12) % 8] || ' ' || (${placesFr})[1 + (g / 96) % 10] || ' ' || g,
             'وصف المنتج ' || g || ': جودة عالية، توصيل إلى 58 ولاية، الدفع عند الاستلام.',
             'Description du produit ' || g || ' : qualité, livraison dans 58 wilayas, paiement à la livraison.',
             1500 + (g * 37 % 185) * 100,
             case when g % 5 = 0 then 1500 + (g * 37 % 185) * 100 + 1000 else null end,
             (g * 7919) % 500,
             now() - (g || ' minutes')::interval,
             now() - (g || ' minutes')::interval
      from generate_series(1, ${extra}) g
      join leaves l on l.i = g % l.n`)
    // 4 variants each (2 sizes x 2 colours), 1000 units each: orders never run a variant dry by accident
    await db.query(`
      insert into variants (product_id, size, color, sku, stock)
      select p.id, s.size, c.color, upper(p.slug || '-' || s.size || '-' || c.color), 1000
      from products p
      cross join (values ('40'), ('42')) s(size)
      cross join (values ('black'), ('white')) c(color)
      where p.slug like 'bench-%'`)
    // one image each, taken in turn from the demo shop's first images
    await db.query(`
      with pics as (
        select path, widths, width, height, row_number() over (order by path) - 1 as i, count(*) over () as n
        from product_images where position = 0
      ),
      numbered as (select id, row_number() over (order by slug) as g from products where slug like 'bench-%')
      insert into product_images (product_id, path, widths, width, height, position)
      select b.id, p.path, p.widths, p.width, p.height, 0
      from numbered b join pics p on p.i = b.g % p.n`)
    log(`generated ${extra} products`)
  }

  if (orderCount > 0) {
    // orders: 100 000 distinct phones, a commune of the 58-wilaya division, spread over the last 365 days,
    // statuses mostly delivered; each with one line of a generated (or demo) variant
    await db.query(`
      create temporary table bench_variants as
        select v.id, v.product_id, v.size, v.color, v.sku, p.name_ar, p.name_fr, p.price,
               row_number() over (order by v.id) - 1 as i
        from variants v join products p on p.id = v.product_id`)
    await db.query(`
      create temporary table bench_communes as
        select id, wilaya_code_58, row_number() over (order by id) - 1 as i from communes`)
    const [{ nv }] = (await db.query('select count(*)::int as nv from bench_variants')).rows as [{ nv: number }]
    const [{ nc }] = (await db.query('select count(*)::int as nc from bench_communes')).rows as [{ nc: number }]
    const batch = 250_000
    for (let from = 1; from <= orderCount; from += batch) {
      const to = Math.min(orderCount, from + batch - 1)
      await db.query(`
        with o as (
          insert into orders (tracking_number, status, first_name, last_name, phone, wilaya_code, wilaya_code_58, commune_id,
                              delivery_type, address, subtotal, delivery_fee, total, created_at, updated_at)
          select 'BN' || lpad(g::text, 8, '0'),
                 (array['delivered','delivered','delivered','delivered','shipped','confirmed','pending','pending','cancelled','returned'])[1 + g % 10],
                 (array['Amine','Yacine','Sara','Lina','Karim','Nour','Walid','Meriem'])[1 + g % 8],
                 (array['Benali','Haddad','Mansouri','Bouzid','Kaci','Saidi'])[1 + g % 6],
                 '0' || (5 + g % 3) || lpad(((g * 7) % 100000000)::text, 8, '0'),
                 c.wilaya_code_58, c.wilaya_code_58, c.id,
                 'domicil', g || ' rue des Martyrs',
                 v.price, 500, v.price + 500,
                 now() - ((g % 525600) || ' minutes')::interval,
                 now() - ((g % 525600) || ' minutes')::interval
          from generate_series(${from}, ${to}) g
          join bench_communes c on c.i = g % ${nc}
          join bench_variants v on v.i = (g * 31) % ${nv}
          returning id, tracking_number, subtotal
        )
        insert into order_items (order_id, product_id, variant_id, name_ar, name_fr, size, color, sku, unit_price, quantity, line_total)
        select o.id, v.product_id, v.id, v.name_ar, v.name_fr, v.size, v.color, v.sku, v.price, 1, v.price
        from o join bench_variants v on v.i = (substr(o.tracking_number, 3)::int * 31) % ${nv}`)
      log(`generated orders ${from}-${to}`)
    }
    await db.query('drop table bench_variants')
    await db.query('drop table bench_communes')
  }
  // as autovacuum leaves a table in steady state: statistics and the visibility map (index-only scans)
  await db.query('vacuum analyze')
  const count = async (table: string) =>
    Number(((await db.query(`select count(*)::int as n from ${table}`)).rows[0] as { n: number }).n)
  return { products: await count('products'), variants: await count('variants'), orders: await count('orders'), ms: Date.now() - started }
}
