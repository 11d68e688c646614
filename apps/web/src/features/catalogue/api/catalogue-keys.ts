// Names are picked from nameAr / nameFr on the client, so replies are shared by every language.
export const catalogueKeys = {
  all: ['catalogue'] as const,
  homepage: (productsPerCategory: number) => [...catalogueKeys.all, 'homepage', productsPerCategory] as const,
}
