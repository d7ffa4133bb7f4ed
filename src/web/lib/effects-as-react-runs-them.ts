// The browser runs Preact under React's API (docs/decisions/062-a-phone-sized-first-load.md).
// Preact runs a component's effects after the next frame; React runs those a click caused
// before the next event is handled. Effects here run right after the render, as React's do,
// so a listener an effect adds (Escape closing a menu just opened) is there for the next key.
import { options } from 'preact';

options.requestAnimationFrame = (flush) => queueMicrotask(flush);
