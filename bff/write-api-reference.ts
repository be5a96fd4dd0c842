import { writeFile } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { apiReferenceText } from './plugins/api-reference.ts';
import { loadConfig } from './plugins/config.ts';

/**
 * `npm run openapi`: writes the BFF's API reference (bff/openapi.json) from the route schemas.
 * Built with the development configuration: the document holds no configuration value.
 */
export const API_REFERENCE_FILE = new URL('./openapi.json', import.meta.url);

if (import.meta.main) {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  await app.ready();
  await writeFile(API_REFERENCE_FILE, apiReferenceText(app));
  await app.close();
  console.log(`wrote ${API_REFERENCE_FILE.pathname}`);
}
