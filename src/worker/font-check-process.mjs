// Entry of the font checker's child process. Like the render threads' bootstrap, it registers
// tsx's loader (the sources are TypeScript) and then loads the checking module.
import { register } from 'tsx/esm/api';

register();
await import('./font-check-process.ts');
