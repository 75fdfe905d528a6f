import { shipmentTabs } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';
import { defaultShipmentFilters, type ShipmentFilters, type ShipmentTab } from '../api';

/** The name the queue's last query is remembered under for this browser tab. */
const REMEMBER_AS = 'shipments';

const isTab = (value: string | null): value is ShipmentTab => shipmentTabs.some((tab) => tab.key === value);

/** Reads the queue's tab and search from an address's query; an unknown tab is To pack. */
export function shipmentFiltersFromParams(params: URLSearchParams): ShipmentFilters {
  const tab = params.get('tab');
  return {
    tab: isTab(tab) ? tab : defaultShipmentFilters.tab,
    search: (params.get('search') ?? '').slice(0, 100),
  };
}

/** The queue's tab and search, kept in the address (`useListFilters`). */
export function useShipmentFilters({ onAdopt }: { onAdopt?: (filters: ShipmentFilters) => void } = {}) {
  return useListFilters({
    defaults: defaultShipmentFilters,
    parse: shipmentFiltersFromParams,
    remember: REMEMBER_AS,
    onAdopt,
  });
}
