// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const bffUrl = process.env.BFF_URL ?? `http://127.0.0.1:${process.env.BFF_PORT ?? 4300}`;

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Sessions are the BFF's sealed cookie; Astro's own session store is not used.
  session: undefined,
  image: { service: { entrypoint: 'astro/assets/services/noop' } },
  server: { port: Number(process.env.PORT ?? 4321), host: '127.0.0.1' },
  vite: {
    plugins: [tailwindcss()],
    server: { proxy: { '/bff': { target: bffUrl, changeOrigin: false } } },
  },
});
