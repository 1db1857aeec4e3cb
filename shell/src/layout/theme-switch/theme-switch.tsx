import { useSiteStore } from '@gota/shared/store';
import controls from '../controls.module.css';

/**
 * Switches between the light and the dark theme. The store persists the choice ('true'/'false' under `localIsDark`) and
 * toggles `dark` on the body. The name says what the button will do, so it carries no aria-pressed (that would say it twice).
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const isDark = useSiteStore((state) => state.isDark);
  const toggleTheme = useSiteStore((state) => state.toggleTheme);
  const label = isDark ? 'Activar modo claro' : 'Activar modo oscuro';

  return (
    <button
      type="button"
      className={[controls.iconButton, className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

function MoonIcon() {
  return (
    <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M14.5 3.2a8.8 8.8 0 1 0 6.3 12.2 7 7 0 0 1-6.3-12.2Z" />
    </svg>
  );
}

function SunIcon() {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <svg className={controls.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      {rays.map((angle) => (
        <rect key={angle} x="11" y="1.5" width="2" height="3.5" rx="1" fill="currentColor" transform={`rotate(${angle} 12 12)`} />
      ))}
    </svg>
  );
}
