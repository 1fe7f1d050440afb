import { useState } from 'react';
import { currentTheme, setTheme, type Theme } from '../theme';

export function ThemeToggle() {
  const [theme, setState] = useState<Theme>(() => currentTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn"
      aria-label={`Switch to ${next} theme`}
      aria-pressed={theme === 'dark'}
      onClick={() => {
        setTheme(next);
        setState(next);
      }}
    >
      {theme === 'dark' ? '☾ Dark' : '☀ Light'}
    </button>
  );
}
