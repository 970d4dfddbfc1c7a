import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { browserDeps } from './app/browserDeps';
import { exportActionLog } from './app/devtools';
import { makeStore } from './app/store';
import { HeliumContext } from './helium/HeliumContext';
import './styles.css';

const deps = browserDeps();
const { store, log } = makeStore({ deps });
deps.exportActionLog = () =>
  JSON.stringify(exportActionLog(log.entries(), log.baseState(), store.getState(), new Date(), navigator.userAgent));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <HeliumContext.Provider value={deps.helium}>
        <App />
      </HeliumContext.Provider>
    </Provider>
  </StrictMode>,
);
