import { defineQuery } from './route-data.cache';

/**
 * The association's details, which every page shows in its footer: a server loads this with
 * every page's own data (entry-server.tsx), so they are in the page before any script runs.
 */
export const associationQuery = () => defineQuery('association', (backend, signal) => backend.association.getDetails({ signal }));

/** The queries every page loads, whatever its route. */
export const siteQueries = () => [associationQuery()] as const;
