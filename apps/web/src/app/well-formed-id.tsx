import { idInput } from '@haat/contract';
import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** Whether `id` is a record id as the API takes it (the contract's `idInput`: 1 to 2^31-1). */
export function isWellFormedId(id: string | undefined): boolean {
  return id !== undefined && idInput.safeParse(id).success;
}

/**
 * The routes with a record's id in the address (`products/edit/:id`, `orders/:id`...):
 * an id that cannot name a record (`abc`, `0`, past 2^31-1) shows 'Page not found', as a
 * record that does not exist would, instead of the API's validation message (issue 12).
 */
export function WellFormedId() {
  const { id } = useParams();
  return isWellFormedId(id) ? <Outlet /> : <NotFoundPage />;
}
