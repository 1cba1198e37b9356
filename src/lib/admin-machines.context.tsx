import { createContext, useContext, type ReactNode } from 'react';
import type { AdminMachines } from './view-actions';

// Its own module, imported only by the admin area, so it travels in the admin area's code.
const AdminMachinesContext = createContext<AdminMachines | null>(null);

export function AdminMachinesProvider({ machines, children }: { readonly machines: AdminMachines; readonly children: ReactNode }) {
  return <AdminMachinesContext.Provider value={machines}>{children}</AdminMachinesContext.Provider>;
}

export function useAdminMachines(): AdminMachines {
  const machines = useContext(AdminMachinesContext);
  if (!machines) throw new Error('useAdminMachines needs an AdminMachinesProvider above it.');
  return machines;
}
