/** All slices, combined once; the replay page builds its store from this same reducer. */
import { combineSlices } from '@reduxjs/toolkit';
import { connectionSlice } from '../../slices/connection';
import { heliumSlice } from '../../slices/helium';
import { interpretersSlice } from '../../slices/interpreters';
import { jobsSlice } from '../../slices/jobs';
import { notesSlice } from '../../slices/notes';
import { paragraphsReducerSlice } from '../../slices/paragraphs';
import { routeSlice } from '../../slices/route';
import { serverSlice } from '../../slices/server';
import { sessionSlice } from '../../slices/session';
import { uiSlice } from '../../slices/ui';
import { notePageSlice } from '../../slices/notePage';
import { homeSlice } from '../../slices/home';
import { noteDialogsSlice } from '../../slices/noteDialogs';
import { jobManagerSlice } from '../../slices/jobManager';
import { searchSlice } from '../../slices/search';
import { adminSlices } from '../../slices/admin';
import { revisionsSlice } from '../../slices/revisions';
import { collabSlice } from '../../slices/collab';
import { cronSlice } from '../../slices/cron';

export const rootReducer = combineSlices(
  connectionSlice, sessionSlice, routeSlice, notesSlice, paragraphsReducerSlice, jobsSlice, interpretersSlice, heliumSlice, notePageSlice,
  serverSlice, uiSlice,
  homeSlice, noteDialogsSlice, jobManagerSlice, searchSlice, collabSlice, cronSlice, revisionsSlice,
  ...adminSlices,
);

export type RootState = ReturnType<typeof rootReducer>;
