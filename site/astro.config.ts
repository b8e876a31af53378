import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static output: every page is rendered at build; the web process (api/src/web)
// serves dist/ and maps id routes onto their shell pages.
export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [react()],
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
});
