/**
 * The main thread's half of a render thread's error: the thread sends it in its wire form
 * (thread-messages.ts) and the pool rebuilds it here, where loading the engine's
 * RenderInputError class costs nothing (the main thread has the engine loaded already).
 */
import { RenderInputError } from '../render/index.ts';
import type { WireError } from './thread-messages.ts';

/** Rebuilds the error on the main thread: a real RenderInputError when it was one. */
export function fromWireError(wire: WireError): Error {
  const err =
    wire.name === 'RenderInputError' && wire.problems
      ? new RenderInputError(wire.problems)
      : Object.assign(new Error(wire.message), { name: wire.name });
  if (wire.stack) err.stack = `${err.name}: ${err.message}\n    (in render thread)\n${wire.stack}`;
  return err;
}
