import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract/auth';
import type { Job, JobList } from '../../contract/jobs';
import type { CoordinatorTeenList, OptimizationResult, Route, RouteAnalytics, RouteList, SaveRouteRequest, UpdateRouteRequest } from '../../contract/routes';
import { HOMEOWNER, TEEN, json, makeJob, renderSignedIn } from '../features/jobs/test-fixtures';
import RouteOptimizerPage from './route-optimizer-page';

const COORDINATOR: User = { ...HOMEOWNER, id: '66666666-6666-4666-8666-666666666666', fullName: 'Sam Ortiz', role: 'coordinator' };
const ELM = makeJob({ id: 'aaaaaaaa-0000-4000-8000-000000000001', title: 'Rake the front yard', status: 'posted', location: '12 Elm St, Cambridge', teenId: null });
const OAK = makeJob({ id: 'aaaaaaaa-0000-4000-8000-000000000002', title: 'Mow the back lawn', status: 'accepted', location: '40 Oak Ave, Cambridge' });
const PINE = makeJob({ id: 'aaaaaaaa-0000-4000-8000-000000000003', title: 'Wash the windows', status: 'posted', location: '7 Pine Rd, Cambridge', teenId: null });
const START = { latitude: 42.3736, longitude: -71.1097 };

/** The server's answer for [PINE, ELM] given in list order [ELM, PINE]: PINE first is shorter. */
const OPTIMIZED: OptimizationResult = {
  totalDistance: 3.4,
  estimatedDuration: 75,
  start: START,
  stops: [
    { stopOrder: 1, jobId: PINE.id, address: '7 Pine Rd, Cambridge', latitude: 42.38, longitude: -71.12, estimatedArrival: '2026-06-15T13:04:00.000Z', distanceFromPrevious: 1.25, travelTimeFromPrevious: 4 },
    { stopOrder: 2, jobId: ELM.id, address: '12 Elm St, Cambridge', latitude: 42.37, longitude: -71.1, estimatedArrival: '2026-06-15T13:25:00.000Z', distanceFromPrevious: 1.1, travelTimeFromPrevious: 6 },
  ],
  optimizationData: { savings: 18.25, routeEfficiency: 100, lowerBound: 3.4, method: 'exact', computeMs: 1 },
};

const TEENS: CoordinatorTeenList = {
  teens: [
    { id: TEEN.id, fullName: 'Maya Lopez', username: 'maya', zipCode: '02139', isAvailable: true, levelTitle: 'Worker', activeJobs: 1, parentalConsentStatus: 'approved' },
    { id: '77777777-7777-4777-8777-777777777777', fullName: 'Leo Chen', username: 'leo', zipCode: '02139', isAvailable: false, levelTitle: 'Rookie', activeJobs: 0, parentalConsentStatus: 'pending' },
  ],
};

function savedRoute(request: SaveRouteRequest, index: number): Route {
  return {
    id: `bbbbbbbb-0000-4000-8000-00000000000${index}`,
    coordinatorId: COORDINATOR.id,
    name: request.name ?? `Route for ${request.date}`,
    date: request.date,
    notes: request.notes ?? null,
    status: 'planned',
    totalDistance: OPTIMIZED.totalDistance,
    estimatedDuration: OPTIMIZED.estimatedDuration,
    start: START,
    startTime: '09:00',
    stops: OPTIMIZED.stops.map((stop) => ({ ...stop, visitedAt: null })),
    optimizationData: { savings: 18.3, routeEfficiency: 100, lowerBound: 3.4, method: 'exact' },
    createdAt: '2026-06-14T12:00:00.000Z',
    startedAt: null,
    completedAt: null,
  };
}

function analyticsOf(routes: Route[]): RouteAnalytics {
  const count = (status: Route['status']) => routes.filter((route) => route.status === status).length;
  return {
    routesPlanned: count('planned'),
    routesInProgress: count('in_progress'),
    routesCompleted: count('completed'),
    totalDistance: routes.length * 3.4,
    distanceSaved: routes.length * 0.76,
    distanceSavedPercent: routes.length ? 18.3 : null,
    efficiencyPercent: routes.length ? 100 : null,
    jobsPerRoute: routes.length ? 2 : null,
    stopsVisited: 0,
    jobsVerified: 0,
    medianHoursToVerification: null,
    perRoute: routes.map((route) => ({ routeId: route.id, name: route.name, date: route.date, status: route.status, stops: 2, totalDistance: 3.4, distanceSaved: 0.76, savingsPercent: 18.3, efficiencyPercent: 100 })),
  };
}

describe('RouteOptimizerPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let jobs: Job[];
  let routes: Route[];
  let demoEnabled: boolean;
  let me: User;
  let waitingForVerification: Job[];
  let analyticsDown: boolean;
  let optimizeRefusal: { status: number; message: string } | null;
  const calls: { method: string; url: string; body: unknown }[] = [];

  beforeEach(() => {
    jobs = [ELM, OAK, PINE];
    routes = [];
    demoEnabled = true;
    me = COORDINATOR;
    waitingForVerification = [];
    analyticsDown = false;
    optimizeRefusal = null;
    calls.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/auth/me') return json(200, me);
      if (method === 'GET' && url.startsWith('/api/jobs?')) {
        const completed = new URL(url, 'http://localhost').searchParams.get('status') === 'completed';
        return json(200, { jobs: completed ? waitingForVerification : jobs, nextCursor: null } satisfies JobList);
      }
      if (method === 'POST' && url === `/api/jobs/${PINE.id}/verify`) {
        waitingForVerification = [];
    analyticsDown = false;
        return json(200, { ...PINE, status: 'verified', actions: [] });
      }
      if (url === `/api/teens/coordinator/${COORDINATOR.id}`) return json(200, TEENS);
      if (method === 'POST' && url === '/api/routes/optimize') {
        return optimizeRefusal ? json(optimizeRefusal.status, { message: optimizeRefusal.message, code: 'FORBIDDEN' }) : json(200, OPTIMIZED);
      }
      if (method === 'POST' && url === '/api/routes') {
        const route = savedRoute(body as SaveRouteRequest, routes.length + 1);
        routes = [route, ...routes];
        return json(201, route);
      }
      if (url === `/api/routes/coordinator/${COORDINATOR.id}`) return json(200, { routes } satisfies RouteList);
      if (url === `/api/routes/coordinator/${COORDINATOR.id}/analytics`) return analyticsDown ? json(503, { message: 'down' }) : json(200, analyticsOf(routes));
      if (method === 'PATCH' && url.startsWith('/api/routes/')) {
        const change = body as UpdateRouteRequest;
        const apply = (route: Route): Route =>
          'status' in change
            ? { ...route, status: change.status }
            : { ...route, stops: route.stops.map((stop) => (stop.jobId === change.visitedJobId ? { ...stop, visitedAt: '2026-06-15T13:06:00.000Z' } : stop)) };
        routes = routes.map((route) => (url.endsWith(route.id) ? apply(route) : route));
        return json(200, routes.find((route) => url.endsWith(route.id)));
      }
      if (method === 'PATCH' && url === `/api/users/${COORDINATOR.id}`) {
        const base = body as { baseLatitude: number | null; baseLongitude: number | null };
        return json(200, { ...COORDINATOR, base: base.baseLatitude === null ? null : { latitude: base.baseLatitude, longitude: base.baseLongitude } });
      }
      if (url === '/api/demo') return json(200, { enabled: demoEnabled });
      if (method === 'POST' && url === '/api/demo/create-data') {
        if (!demoEnabled) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
        jobs = [ELM, PINE];
        return json(201, { jobsCreated: 2, jobIds: [ELM.id, PINE.id] });
      }
      return json(500, { message: `unexpected ${method} ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (user: User = COORDINATOR, path = '/route-optimizer') => {
    me = user;
    return renderSignedIn(
      <MemoryRouter initialEntries={[path]}>
        <RouteOptimizerPage />
      </MemoryRouter>,
      user,
    );
  };

  it("shows spec 2's three tabs, the optimizer open first", async () => {
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Route optimizer sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Route Optimizer', 'Existing Routes', 'Route Analytics']);
    expect(within(tabs).getByRole('tab', { name: 'Route Optimizer' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('group', { name: 'Jobs to Visit' })).toBeInTheDocument();
  });

  it('tells anyone but a coordinator that the optimizer is theirs alone, and asks for nothing', async () => {
    renderPage(TEEN);
    expect(await screen.findByText('Route optimization is only available for coordinators.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/routes') || call.url.startsWith('/api/jobs'))).toEqual([]);
  });

  it("lists the area's open and accepted jobs and the teens with their availability", async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Open and accepted jobs in your area' });
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      expect.stringContaining('Rake the front yard'),
      expect.stringContaining('Mow the back lawn'),
      expect.stringContaining('Wash the windows'),
    ]);
    const asked = new URL(calls.find((call) => call.url.startsWith('/api/jobs?'))!.url, 'http://localhost').searchParams;
    expect(asked.get('coordinatorId')).toBe(COORDINATOR.id);
    expect(asked.get('status')).toBe('posted,locked,accepted');
    const teens = await screen.findByRole('list', { name: 'Your teens' });
    expect(within(within(teens).getByText('Maya Lopez').closest('li')!).getByText('Available')).toBeInTheDocument();
    expect(within(within(teens).getByText('Leo Chen').closest('li')!).getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 available now')).toBeInTheDocument();
  });

  it('selects all, clears all, and sends the ticked jobs in the list order whatever order they were ticked in', async () => {
    renderPage();
    const optimize = await screen.findByRole('button', { name: 'Optimize Route' });
    expect(optimize).toBeDisabled();
    expect(screen.getByText('Select at least one job to optimize.')).toBeInTheDocument();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(selectAll);
    expect(screen.getByText('3 of 3 selected')).toBeInTheDocument();
    await userEvent.click(selectAll);
    expect(screen.getByText('0 of 3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Wash the windows/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Rake the front yard/ }));
    expect(selectAll).toHaveProperty('indeterminate', true);
    await userEvent.clear(screen.getByLabelText('Route date'));
    await userEvent.type(screen.getByLabelText('Route date'), '2026-06-15');
    await userEvent.click(optimize);
    await screen.findByRole('heading', { name: 'Optimized Route' });
    expect(calls.find((call) => call.url === '/api/routes/optimize')!.body).toEqual({ jobIds: [ELM.id, PINE.id], date: '2026-06-15', startTime: '09:00' });
  });

  it('shows the ordered stops with arrivals and legs, the totals, savings, efficiency with its method, and the map', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await userEvent.clear(screen.getByLabelText('Route date'));
    await userEvent.type(screen.getByLabelText('Route date'), '2026-06-15');
    await userEvent.click(screen.getByRole('button', { name: 'Optimize Route' }));
    const stops = await screen.findByRole('list', { name: 'Stops in order' });
    const items = within(stops).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual(['Stop 1: Wash the windows', 'Stop 2: Rake the front yard']);
    // 13:04Z is 9:04 AM in Boston in June, the service's zone the 9:00 start is read in, whatever the device's zone.
    expect(items[0]).toHaveTextContent('Arrive 9:04 AM · 1.25 mi, 4m from the start');
    expect(items[1]).toHaveTextContent('Arrive 9:25 AM');
    expect(items[1]).toHaveTextContent('1.10 mi, 6m from the previous stop');
    const figures = (term: string) => screen.getByText(term).nextElementSibling!.textContent;
    expect(figures('Total distance')).toBe('3.40 mi');
    expect(figures('Estimated duration')).toBe('1h 15m');
    expect(figures('Distance saved')).toBe('18.3%');
    expect(figures('Route efficiency')).toBe('100.0%');
    expect(screen.getByText('exact')).toBeInTheDocument();
    expect(screen.getByText(/no round trip|shortest any round trip could be/)).toHaveTextContent('(3.40 mi)');
    expect(screen.getByText('Then back to the start: 1.05 mi.')).toBeInTheDocument();
    const map = await screen.findByRole('figure', { name: 'Map of the route: 2 stops in order, starting and ending at S' });
    // The tour: the start and both stops in order, and the round trip's line, drawn without tiles (none here).
    await waitFor(() => expect([...map.querySelectorAll('.leaflet-marker-icon')].map((marker) => marker.textContent)).toEqual(['S', '1', '2']));
    expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(1);
    expect(map.querySelector('img.leaflet-tile')).toBeNull();
  });

  it("shows the server's refusal and no result", async () => {
    optimizeRefusal = { status: 403, message: 'That job is not in your area' };
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Mow the back lawn/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Optimize Route' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That job is not in your area');
    expect(screen.queryByRole('button', { name: 'Save Route' })).not.toBeInTheDocument();
  });

  it("sets the coordinator's base from where they are, and puts away a result that started elsewhere", async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: 42.3601, longitude: -71.0942 } } as GeolocationPosition));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }));
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Optimize Route' }));
    await screen.findByRole('heading', { name: 'Optimized Route' });
    await userEvent.click(screen.getByRole('button', { name: 'Use My Location as Base' }));
    expect(await screen.findByText('Base set')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: `/api/users/${COORDINATOR.id}`, body: { baseLatitude: 42.3601, baseLongitude: -71.0942 } });
    expect(screen.queryByRole('heading', { name: 'Optimized Route' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Base' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({ baseLatitude: null, baseLongitude: null }));
  });

  it('puts a result away when the choice of jobs changes', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Optimize Route' }));
    await screen.findByRole('heading', { name: 'Optimized Route' });
    await userEvent.click(screen.getByRole('checkbox', { name: /Mow the back lawn/ }));
    expect(screen.queryByRole('heading', { name: 'Optimized Route' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Route' })).not.toBeInTheDocument();
  });

  it("saves the route in the optimized order with the chosen order and spec 7's default name, then shows it in Existing Routes", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Rake the front yard/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Wash the windows/ }));
    const date = screen.getByLabelText<HTMLInputElement>('Route date');
    await userEvent.click(screen.getByRole('button', { name: 'Optimize Route' }));
    await userEvent.type(await screen.findByLabelText('Notes (optional)'), 'Bring the clipboard');
    await userEvent.click(screen.getByRole('button', { name: 'Save Route' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/routes')).toBe(true));
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/routes')!.body).toEqual({
      coordinatorId: COORDINATOR.id,
      name: `Route for ${date.value}`,
      date: date.value,
      notes: 'Bring the clipboard',
      jobIds: [PINE.id, ELM.id],
      chosenOrder: [ELM.id, PINE.id],
      start: START,
      startTime: '09:00',
    });
    expect(await screen.findByText('Route saved!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Existing Routes' })).toHaveAttribute('aria-selected', 'true'));
    const card = await screen.findByRole('article', { name: `Route for ${date.value}` });
    expect(within(card).getByText('Planned')).toBeInTheDocument();
    expect(within(card).getByText('3.40 mi')).toBeInTheDocument();
    expect(within(card).getByText('1h 15m')).toBeInTheDocument();
    expect(within(card).getByText('Bring the clipboard')).toBeInTheDocument();
  });

  it('starts and completes a saved route, and links each stop to its job to verify it', async () => {
    routes = [savedRoute({ date: '2026-06-15', jobIds: [] }, 1)];
    renderPage(COORDINATOR, '/route-optimizer?tab=routes');
    const card = await screen.findByRole('article', { name: 'Route for 2026-06-15' });
    expect(within(card).getByText('Jun 15, 2026')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Show the stops' }));
    expect(within(card).getByRole('link', { name: 'Open job (stop 1)' })).toHaveAttribute('href', `/job/${PINE.id}`);
    await userEvent.click(within(card).getByRole('button', { name: 'Start Route' }));
    expect(await within(card).findByText('In Progress')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: `/api/routes/${routes[0]!.id}`, body: { status: 'in_progress' } });
    expect(within(card).getByRole('figure', { name: 'Map of Route for 2026-06-15: 2 stops in order, 0 visited (filled), starting and ending at S' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Visited (stop 1)' }));
    expect(await within(card).findByText('1 of 2 visited')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({ visitedJobId: PINE.id });
    const map = within(card).getByRole('figure', { name: /1 visited/ });
    const filled = () => [...map.querySelectorAll('.leaflet-marker-icon span')].map((badge) => badge.classList.contains('bg-brand-800'));
    // S, then stop 1 filled (visited) and stop 2 not.
    await waitFor(() => expect(filled()).toEqual([false, true, false]));
    expect(within(card).queryByRole('button', { name: 'Mark Visited (stop 1)' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Complete Route' }));
    expect(await within(card).findByText('Completed')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Route$/ })).not.toBeInTheDocument();
  });

  it("verifies a stop's completed job from the route", async () => {
    routes = [{ ...savedRoute({ date: '2026-06-15', jobIds: [] }, 1), status: 'in_progress' }];
    waitingForVerification = [{ ...PINE, status: 'completed', actions: ['verify'] }];
    renderPage(COORDINATOR, '/route-optimizer?tab=routes');
    const card = await screen.findByRole('article', { name: 'Route for 2026-06-15' });
    // An in-progress route opens with its stops; only the completed job's stop offers Verify Work.
    const [first, second] = within(within(card).getByRole('list', { name: 'Stops of Route for 2026-06-15' })).getAllByRole('listitem');
    await userEvent.click(await within(first!).findByRole('button', { name: 'Verify Work' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify Work' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === `/api/jobs/${PINE.id}/verify`)).toBe(true));
    await waitFor(() => expect(within(first!).queryByRole('button', { name: 'Verify Work' })).not.toBeInTheDocument());
    expect(within(second!).queryByRole('button', { name: 'Verify Work' })).not.toBeInTheDocument();
  });

  it('says so when no route is saved, rather than showing figures', async () => {
    renderPage(COORDINATOR, '/route-optimizer?tab=analytics');
    expect(await screen.findByText('No routes saved yet')).toBeInTheDocument();
    expect(screen.queryByText('Jobs per route')).not.toBeInTheDocument();
  });

  it('says when the analytics cannot be read, and reads them again on Try Again', async () => {
    analyticsDown = true;
    renderPage(COORDINATOR, '/route-optimizer?tab=analytics');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load analytics.');
    analyticsDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No routes saved yet')).toBeInTheDocument();
  });

  it("shows the server's computed figures with a bar of distance saved per route", async () => {
    routes = [savedRoute({ name: 'Monday round', date: '2026-06-15', jobIds: [] }, 1), savedRoute({ date: '2026-06-16', jobIds: [] }, 2)];
    renderPage(COORDINATOR, '/route-optimizer?tab=analytics');
    const figure = (term: string) => screen.getByText(term).nextElementSibling!.textContent;
    expect(await screen.findByText('Jobs per route')).toBeInTheDocument();
    expect(figure('Routes')).toBe('2');
    expect(figure('Jobs per route')).toBe('2.0');
    expect(figure('Distance saved')).toBe('18.3%');
    expect(figure('Route efficiency')).toBe('100.0%');
    expect(figure('Total distance')).toBe('6.80 mi');
    expect(figure('Completion to verification')).toBe('—');
    const chart = screen.getByRole('figure', { name: 'Distance saved per route' });
    expect(chart.querySelectorAll('rect')).toHaveLength(2);
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Monday round (Jun 15, 2026)0.76 mi (18.3%)', 'Route for 2026-06-16 (Jun 16, 2026)0.76 mi (18.3%)']);
  });

  it('offers demo data when the area has no jobs, and hides the action where the server has none', async () => {
    jobs = [];
    renderPage();
    expect(await screen.findByText('The route optimizer needs at least one available job. Open and accepted jobs in your area show up here.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Demo Data' }));
    expect(await screen.findByRole('checkbox', { name: /Wash the windows/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/jobs?')).length).toBeGreaterThanOrEqual(2);
  });

  it('never offers Create Demo Data where the server creates none (GET /api/demo says so)', async () => {
    jobs = [];
    demoEnabled = false;
    renderPage();
    expect(await screen.findByText('No jobs to visit')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/demo')).toBe(true));
    await waitFor(() => expect(fetchMock.mock.results.every((result) => result.type === 'return')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Create Demo Data' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/demo/create-data')).toBe(false);
  });
});
