/** Theme and date-language switches. The theme is applied as `data-theme` on the root element; 'system' follows the OS. */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DATE_LANGUAGES } from '../../../slices/domain/locales';
import { selectLocale, selectTheme, ui, type UiState } from '../../../slices/ui';

const THEMES: ReadonlyArray<[UiState['theme'], string]> = [['system', 'System'], ['light', 'Light'], ['dark', 'Dark']];

export function Preferences() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const locale = useAppSelector(selectLocale);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <span className="prefs">
      <select aria-label="Theme" value={theme} onChange={(e) => dispatch(ui.themeChosen(e.target.value as UiState['theme']))}>
        {THEMES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </select>
      <select aria-label="Date language" value={locale} onChange={(e) => dispatch(ui.localeChosen(e.target.value))}>
        {DATE_LANGUAGES.map((l) => <option key={l.tag} value={l.tag}>{l.label}</option>)}
      </select>
    </span>
  );
}
