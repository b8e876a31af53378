/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The pseudo-locale build (astro.config.ts): English pages only. */
  readonly SITE_ENGLISH_ONLY: boolean;
}
