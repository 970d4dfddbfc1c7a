import { useEffect } from 'react';
import { useAppDispatch } from '../app/hooks';
import { useHashPath, useHashSearch } from '../app/hashLocation';
import { route } from '../../slices/route';

/** Turns every hash change into a `route/changed` action; pages render from the store's route, not from here. */
export function RouteSync() {
  const [path] = useHashPath();
  const search = useHashSearch();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(route.changed(path, search));
  }, [dispatch, path, search]);
  return null;
}
