import { useSiteStore } from '@gota/shared/store';
import controls from '../controls.module.css';
import styles from './theme-switch.module.css';
import { Button } from '@gota/shared/ui';

/**
 * Switches between the light and the dark theme. The store persists the choice ('true'/'false' under `localIsDark`) and
 * toggles `dark` on the body. The name says what the button will do, so it carries no aria-pressed (that would say it twice).
 * Both icons are in the markup and the body's class picks one: the server cannot know the stored theme, and the
 * document's inline script sets the class before the first paint, so the right icon shows before any script runs.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const isDark = useSiteStore((state) => state.isDark);
  const toggleTheme = useSiteStore((state) => state.toggleTheme);
  const label = isDark ? 'Activar modo claro' : 'Activar modo oscuro';

  return (
    <Button className={className} aria-label={label} title={label} onClick={toggleTheme} data-needs-js="">
      <MoonIcon />
      <SunIcon />
    </Button>
  );
}

function MoonIcon() {
  return (
    <svg className={[controls.icon, styles.moon].join(' ')} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M14.5 3.2a8.8 8.8 0 1 0 6.3 12.2 7 7 0 0 1-6.3-12.2Z" />
    </svg>
  );
}

function SunIcon() {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <svg className={[controls.icon, styles.sun].join(' ')} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      {rays.map((angle) => (
        <rect key={angle} x="11" y="1.5" width="2" height="3.5" rx="1" fill="currentColor" transform={`rotate(${angle} 12 12)`} />
      ))}
    </svg>
  );
}
