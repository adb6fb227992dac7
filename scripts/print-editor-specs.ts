// Prints the layer registry as JSON for the editor's build (web/vite.config.ts reads it).
import { editorSpecs } from '../src/render/design/editor-specs.ts';

process.stdout.write(JSON.stringify(editorSpecs()));
