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
  // Fewer, larger chunks for what nearly every page loads: React in one chunk (its JSX runtime apart,
  // which the React-free /browse script uses), and the small lib/store modules that twelve or more
  // pages share in another. Each chunk costs a request and its own gzip window; this took 1.3 to
  // 3 KB gzip off every app page (npm run check:size).
  vite: {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react-dom|scheduler)[\\/]|node_modules[\\/]react[\\/](?!.*jsx)/,
                priority: 20,
              },
              {
                name: 'shared',
                // Not the formatter (lib/i18nFormat.ts): pages with only plain texts must not load it.
                test: /site[\\/]src[\\/](lib|stores)[\\/](?!i18nFormat\.ts$)[^\\/]+\.ts$/,
                minShareCount: 12,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  },
});
