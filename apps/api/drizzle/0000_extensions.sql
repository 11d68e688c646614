-- pg_trgm backs the catalogue search index; unaccent folds French accents.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- shop_fold(): the one text normalisation for search, used by the index and by the queries.
-- French: lower case, accents removed. Arabic: diacritics (harakat, U+064B-U+065F, U+0670) and tatweel
-- (U+0640) removed; alef forms (أ إ آ ٱ) → ا, taa marbuta ة → ه, alef maqsura ى → ي.
CREATE OR REPLACE FUNCTION shop_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT translate(
      regexp_replace(
        public.unaccent('public.unaccent'::regdictionary, lower($1)),
        '[' || chr(1611) || '-' || chr(1631) || chr(1648) || chr(1600) || ']', '', 'g'
      ),
      'أإآٱةى',
      'ااااهي'
    )
  $$;
