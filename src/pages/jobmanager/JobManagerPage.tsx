import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { dateLocale } from '../../../slices/domain/locales';
import {
  ALL_INTERPRETERS, JOB_SORT_LABELS, jobManager, selectJobInterpreters, selectJobManager, selectJobView, type JobSort,
} from '../../../slices/jobManager';
import { selectLocale } from '../../../slices/ui';
import { JobItem } from './JobItem';

function Pager({ page, pageCount, links }: { page: number; pageCount: number; links: number[] }) {
  const dispatch = useAppDispatch();
  if (pageCount <= 1) return null;
  const go = (p: number) => dispatch(jobManager.pageChosen(p));
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>«</button>
      {links.map((p) => (
        <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => go(p)}>{p}</button>
      ))}
      <button type="button" aria-label="Next page" disabled={page >= pageCount} onClick={() => go(page + 1)}>»</button>
    </nav>
  );
}

export function JobManagerPage() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectJobManager);
  const interpreters = useAppSelector(selectJobInterpreters);
  const view = useAppSelector(selectJobView);
  const disabled = useAppSelector((s) => s.jobs.disabledMessage);
  // Relative times are measured from the server's own clock of its last answer, so they replay identically.
  const now = useAppSelector((s) => s.jobs.lastResponseUnixTime);
  const locale = dateLocale(useAppSelector(selectLocale));
  return (
    <main className="page jobmanager">
      <h1>Job</h1>
      {disabled ? <p role="alert">{disabled}</p> : <>
        <div className="job-filters">
          <label>Interpreter
            <select value={settings.interpreter} onChange={(e) => dispatch(jobManager.interpreterFiltered(e.target.value))}>
              <option value={ALL_INTERPRETERS}>All</option>
              {interpreters.map((i) => <option key={i} value={i}>{i}</option>)}
            </select>
          </label>
          <input type="search" aria-label="Search jobs by note name" placeholder="Search jobs by note name" value={settings.noteName}
            onChange={(e) => dispatch(jobManager.noteNameFiltered(e.target.value))} />
          <label>Sort
            <select value={settings.sort} onChange={(e) => dispatch(jobManager.sorted(e.target.value as JobSort))}>
              {(Object.keys(JOB_SORT_LABELS) as JobSort[]).map((k) => <option key={k} value={k}>{JOB_SORT_LABELS[k]}</option>)}
            </select>
          </label>
        </div>
        {view.total === 0 ? <p>No jobs.</p> : (
          <ul className="jobs" aria-label="Jobs">
            {view.jobs.map((j) => <JobItem key={j.noteId} job={j} now={now} locale={locale} />)}
          </ul>
        )}
        <Pager page={view.page} pageCount={view.pageCount} links={view.links} />
      </>}
    </main>
  );
}
