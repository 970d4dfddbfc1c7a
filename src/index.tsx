import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { browserDeps } from './app/browserDeps';
import { makeStore } from './app/store';
import { HeliumContext } from './helium/HeliumContext';
import './styles.css';

const deps = browserDeps();
const { store } = makeStore({ deps, app: navigator.userAgent });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <HeliumContext.Provider value={deps.helium}>
        <App />
      </HeliumContext.Provider>
    </Provider>
  </StrictMode>,
);
