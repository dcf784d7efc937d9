import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { AuthActor, Services } from './services.ts';

const ServicesContext = createContext<Services | null>(null);

export const ServicesProvider = ({ services, children }: { services: Services; children: ReactNode }) => (
  <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
);

export const useServices = (): Services => {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices outside ServicesProvider');
  return services;
};

type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

/** Reads the auth machine: the UI asks tags and context, never state paths (STYLE). */
export const useAuth = <T,>(select: (snapshot: AuthSnapshot) => T): T =>
  useSelector(useServices().auth, select);

/** The signed-in account, or null. */
export const useAccount = () => useAuth((s) => s.context.account);
