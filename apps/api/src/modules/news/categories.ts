/** The news categories the client and the console know by number. */
export const NEWS_CATEGORIES = {
  latest: 10,
  notices: 4,
  banners: 5,
  header: 11,
  about: 29,
  support: 30,
} as const;
