import { BUILD_TIME_STAMP } from '@exchange/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { activateLanguage } from './app/i18n';
import { detectBrowserLanguage } from './lib/language';
import { applyTheme, applyThemeQuery, settingsStore } from './lib/settings';
import './styles/global.css';
import './styles/shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// eslint-disable-next-line no-console
console.info(`Exchange web client, build ${BUILD_TIME_STAMP}`);

// Theme and language are settled before the first paint so nothing flashes or re-renders.
applyThemeQuery(window.location.search);
applyTheme(settingsStore.get().theme);

activateLanguage(detectBrowserLanguage())
  .catch(() => undefined) // English stays active when a language chunk cannot load.
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
