import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { App } from './App';
import { browserDeps } from './app/browserDeps';
import { makeStore } from './app/store';
import { whenIdle } from './app/whenIdle';
import { idleBudget, perTaskBudget } from './app/workBudget';
import { HeliumContext } from './helium/HeliumContext';
import './styles.css';

const deps = browserDeps();
// The log's work for a large action (a note of thousands of paragraphs) waits until the page is drawn, and is cut
// into idle slices short enough not to hold up input.
const { store } = makeStore({
  deps, app: navigator.userAgent,
  deferLogWork: (work) => void whenIdle((deadline) => work(idleBudget(deadline)), 1000),
  logTaskBudget: perTaskBudget(),
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <HeliumContext.Provider value={deps.helium}>
        <App />
      </HeliumContext.Provider>
    </Provider>
  </StrictMode>,
);
