/**
 * One frame for the hero, its skeleton and its fallback, so nothing jumps when one replaces another: on phones
 * a square picture with the text under it (11 rem), 16:9 with the text over the picture from sm up.
 */
export const HERO_FRAME = 'relative min-h-[calc(100vw+11rem)] w-full sm:min-h-0 sm:aspect-video'
