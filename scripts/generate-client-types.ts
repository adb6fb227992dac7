/** `npm run client:generate`: writes the client's types from the server's OpenAPI document. */
import fs from 'node:fs';
import { CLIENT_TYPES_PATH, generateClientTypes } from './client-types.ts';

fs.writeFileSync(CLIENT_TYPES_PATH, await generateClientTypes());
console.log(`wrote ${CLIENT_TYPES_PATH}`);
