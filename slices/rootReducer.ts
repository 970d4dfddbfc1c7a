/** All slices, combined once; the replay page builds its store from this same reducer. */
import { combineSlices } from '@reduxjs/toolkit';
import { connectionSlice } from './connection';
import { heliumSlice } from './helium';
import { interpretersSlice } from './interpreters';
import { jobsSlice } from './jobs';
import { notesSlice } from './notes';
import { paragraphsReducerSlice } from './paragraphs';
import { routeSlice } from './route';
import { serverSlice } from './server';
import { sessionSlice } from './session';
import { uiSlice } from './ui';
import { notePageSlice } from './notePage';
import { homeSlice } from './home';
import { noteDialogsSlice } from './noteDialogs';
import { jobManagerSlice } from './jobManager';
import { searchSlice } from './search';
import { adminSlices } from './admin';
import { revisionsSlice } from './revisions';
import { collabSlice } from './collab';
import { cronSlice } from './cron';
import { runAllSlice } from './runAll';
import { resultHistorySlice } from './resultHistory';

export const rootReducer = combineSlices(
  connectionSlice, sessionSlice, routeSlice, notesSlice, paragraphsReducerSlice, jobsSlice, interpretersSlice, heliumSlice, notePageSlice,
  serverSlice, uiSlice,
  homeSlice, noteDialogsSlice, jobManagerSlice, searchSlice, collabSlice, cronSlice, revisionsSlice, runAllSlice,
  resultHistorySlice,
  ...adminSlices,
);

export type RootState = ReturnType<typeof rootReducer>;
