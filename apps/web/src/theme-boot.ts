// Applies the saved theme before the first paint, so that a dark page never flashes light.
import { applyTheme, readTheme } from './lib/theme';

applyTheme(readTheme());
