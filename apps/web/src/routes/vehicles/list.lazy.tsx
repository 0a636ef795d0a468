import { useDocumentTitle } from '@mantine/hooks';
import { createLazyRoute } from '@tanstack/react-router';
import { KeysetListScreen } from '../../components/lists/keyset-list-screen';
import { vehicleColumns } from '../../features/operations/columns';
import { filterKeys, VEHICLE_REGISTRY_FILTERS } from '../../features/operations/filters';
import { useVehicleRegistry } from '../../features/operations/queries';
import { listCsvUrl, toListParams } from '../../lib/list-params';

export const Route = createLazyRoute('/shell/vehicles')({ component: VehicleRegistryPage });

/** /vehicles: every vehicle the network has recorded, latest visit first. */
function VehicleRegistryPage() {
  useDocumentTitle('Vehicles · Forecourt');
  const search = Route.useSearch();
  const params = toListParams(search, filterKeys(VEHICLE_REGISTRY_FILTERS));
  const query = useVehicleRegistry(params);

  return (
    <KeysetListScreen
      heading="page"
      title="Vehicles"
      description="Every vehicle your stations have served or read, latest visit first. Open one for its fills, visits and challans."
      noun={{ one: 'vehicle', other: 'vehicles' }}
      filters={VEHICLE_REGISTRY_FILTERS}
      search={search}
      defaultSort="-servedAt"
      query={query}
      columns={vehicleColumns}
      rowKey={(vehicle) => vehicle.id}
      testId="vehicles"
      minWidth={720}
      empty={{
        title: 'No vehicles yet',
        description: 'Vehicles appear here once a station serves or reads them.',
      }}
      csv={{ url: listCsvUrl('/api/vehicles', params), fallbackName: 'vehicles.csv' }}
    />
  );
}
