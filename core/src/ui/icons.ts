/**
 * The site's icons, drawn as 24×24 outlines (stroked in the text colour by
 * `.icon` in global.css), one copy for the React components (Icon.tsx),
 * plain DOM code and the pre-rendered public pages (`iconSvg`). Emoji are not
 * used as icons: where the system has no emoji font (CI's Chromium may have
 * no emoji font) they render as empty boxes.
 */
export const ICON_PATHS = {
  home: 'M3 10.5 12 3l9 7.5M5.5 8.5V21h13V8.5M10 21v-6h4v6',
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6z',
  wifi: 'M2 8.8a15 15 0 0 1 20 0M5 12.4a10.5 10.5 0 0 1 14 0M8.5 15.9a5.5 5.5 0 0 1 7 0M12 19.5h.01',
  parking: 'M4 3h16v18H4zM9.5 17V7h3.5a3 3 0 0 1 0 6H9.5',
  snowflake: 'M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9 3.5l3 2.5 3-2.5M9 20.5l3-2.5 3 2.5',
  map: 'M9 4 3 6.5v13.5l6-2.5 6 2.5 6-2.5V4l-6 2.5L9 4zM9 4v13.5M15 6.5V20',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  message: 'M20.5 12a8.5 8.5 0 0 1-12.4 7.6L3.5 21l1.4-4.6A8.5 8.5 0 1 1 20.5 12z',
  mail: 'M3 5h18v14H3zM3.5 6l8.5 7 8.5-7',
  phone:
    'M5 3h4l2 5-2.5 1.6a11 11 0 0 0 5.9 5.9L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  bed: 'M3 19V5M3 14h18M21 19v-7a2 2 0 0 0-2-2h-8v4M6 10.5h2',
  bath: 'M3 12h18v2.5a5.5 5.5 0 0 1-5.5 5.5h-7A5.5 5.5 0 0 1 3 14.5zM6 12V5.5a2.5 2.5 0 0 1 5 0M7 20l-1 2M17 20l1 2',
  area: 'M3 21V3l18 18zM7 17v-4.5l4.5 4.5z',
  pin: 'M12 21.5s7-6.2 7-11.5a7 7 0 0 0-14 0c0 5.3 7 11.5 7 11.5zM12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5z',
  locate:
    'M12 5a7 7 0 1 0 0 14 7 7 0 1 0 0-14zM12 2v3M12 19v3M2 12h3M19 12h3M12 10a2 2 0 1 0 0 4 2 2 0 1 0 0-4z',
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 1 0 0-13zM15.5 15.5 21 21',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM4 21a8 8 0 0 1 16 0',
  plus: 'M12 5v14M5 12h14',
  check: 'M4.5 12.5l5 5L19.5 7',
  verified: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM8 12.5l2.7 2.7L16 9.8',
  heart: 'M12 20s-8-4.8-8-10.3A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8 2.7C20 15.2 12 20 12 20z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** The icon as markup, for templates and plain DOM code: decorative, hidden from screen readers. */
export const iconSvg = (name: IconName): string =>
  `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="${ICON_PATHS[name]}"></path></svg>`;
