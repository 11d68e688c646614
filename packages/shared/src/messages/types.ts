import type { en } from './en.ts'

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> }
/** The shape every language must fill: the English file's keys, with any text. */
export type Messages = Widen<typeof en>
