import type { AssociationDetails } from '../../../src-core/domain/association-details';
import { associationQuery } from '../../lib/association.query';
import { useRouteData } from '../../lib/route-data.hook';

/**
 * The association's details for a footer, a contact block or a failure message. While they load,
 * or if they cannot be read, there is nothing to show: the caller shows nothing rather than a
 * second loading message in the footer of every page.
 */
export function useAssociationDetails(): AssociationDetails | undefined {
  const details = useRouteData(associationQuery());
  return details.status === 'ready' ? details.data : undefined;
}
