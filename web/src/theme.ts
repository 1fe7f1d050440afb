/** Light and dark themes, persisted in localStorage (index.html applies it before first paint). */
export type Theme = 'light' | 'dark';
const KEY = 'skein.theme';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // private mode: the choice lasts for this page
  }
}
