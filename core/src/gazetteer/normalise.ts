/** Lower-case, accents and punctuation folded, single spaces: 'Koramangala, 4th Block' → 'koramangala 4th block'. */
export const normaliseLocality = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
