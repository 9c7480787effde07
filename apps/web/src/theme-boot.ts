// Applies the saved theme and Compact Mode before the first paint, so that a dark page never
// flashes light and a compact table never jumps.
import { applyCompactMode, readCompactMode } from './lib/compact-mode';
import { applyTheme, readTheme } from './lib/theme';

applyTheme(readTheme());
applyCompactMode(readCompactMode());
