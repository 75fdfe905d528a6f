import { activityKinds, isRealDate } from '@haat/contract';
import { type ActivityFilters, defaultActivityFilters } from '../../../lib/activity';
import { useListFilters } from '../../../lib/use-list-filters';

const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the log's filters from an address's query; a value the API would refuse means none. */
export function activityFiltersFromParams(params: URLSearchParams): ActivityFilters {
  const person = params.get('person') ?? '';
  const kind = params.get('kind') ?? '';
  const date = (value: string | null) => (value && DATE.test(value) && isRealDate(value) ? value : '');
  return {
    person: ID.test(person) ? person : '',
    kind: (activityKinds as readonly string[]).includes(kind) ? (kind as ActivityFilters['kind']) : '',
    from: date(params.get('from')),
    to: date(params.get('to')),
  };
}

/** The activity log's filters (person, kind, from, to), kept in the address (`useListFilters`). */
export function useActivityFilters() {
  return useListFilters({ defaults: defaultActivityFilters, parse: activityFiltersFromParams, remember: 'activity' });
}
