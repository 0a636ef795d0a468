import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { describeError } from '../../../components/query-states';

/** A refused save, rename or delete, read out as it appears (the API's sentence for its code). */
export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" p="xs">
      {describeError(error)}
    </Alert>
  );
}
