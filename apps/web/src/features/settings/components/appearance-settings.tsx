import { THEMES, type Theme } from '@stockyard/shared';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { readCompactMode, saveCompactMode } from '@/lib/compact-mode';
import { readTheme, saveTheme } from '@/lib/theme';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Theme and Compact Mode, both kept on this device. */
export function AppearanceSettings() {
  const [theme, setTheme] = useState<Theme>(readTheme);
  const [compact, setCompact] = useState(readCompactMode);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Appearance</h2>
      <p className="mb-4 text-sm text-muted-foreground">Kept on this device.</p>
      <fieldset className="mb-2">
        <legend className="mb-2 text-sm font-medium">Theme</legend>
        <div className="flex flex-wrap gap-4">
          {THEMES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => {
                  saveTheme(value);
                  setTheme(value);
                }}
                className="h-4 w-4 accent-primary"
              />
              {THEME_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Switch
        id="compact-mode"
        label="Compact Mode"
        description="Tighter table rows, to see more at once."
        checked={compact}
        onCheckedChange={(on) => {
          saveCompactMode(on);
          setCompact(on);
        }}
      />
    </Card>
  );
}
