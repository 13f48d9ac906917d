/** Regenerates libs/api-client/openapi.json from the controllers and DTOs. Commit the result. */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApiText } from '../src/platform/openapi/generate-openapi';

export const OPENAPI_PATH = resolve(__dirname, '../../libs/api-client/openapi.json');

generateOpenApiText()
  .then((text) => {
    writeFileSync(OPENAPI_PATH, text);
    console.info(`Wrote ${OPENAPI_PATH}`);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
