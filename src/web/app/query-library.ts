// What start-up takes from TanStack Query, by name: main.tsx evaluates the library in a task of its
// own by importing this module (see router-library.ts for why not the package itself).
export { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
