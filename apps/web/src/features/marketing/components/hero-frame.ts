/** One frame for the hero, its skeleton and its fallback, so nothing jumps when one replaces another: taller on phones, 16:9 from sm up. */
export const HERO_FRAME = 'relative aspect-[4/5] w-full sm:aspect-video'
