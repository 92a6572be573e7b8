// What start-up takes from the router library, by name. main.tsx evaluates the library in a task of
// its own by importing this module: importing 'react-router' itself there would keep every export
// of the package in the bundle (a dynamic import keeps the whole namespace), three times what the
// app uses.
export { createBrowserRouter, matchRoutes } from 'react-router';
export { RouterProvider } from 'react-router/dom';
