// Entry of a render worker thread. Worker threads cannot load .ts files by themselves, so this
// small bootstrap registers tsx's loader (harmless when the process already runs under
// `node --import tsx`) and then loads the TypeScript worker module.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
