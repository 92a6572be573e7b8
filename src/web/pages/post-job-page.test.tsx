import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOMEOWNER, json, makeJob, renderSignedIn } from '../features/jobs/test-fixtures';
import { MA_SAFETY_RULES } from '../features/safety/test-fixtures';
import PostJobPage from './post-job-page';

describe('PostJobPage', () => {
  // No home ZIP code, so the form starts with the ZIP code empty.
  const homeowner = { ...HOMEOWNER, zipCode: null };
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, homeowner);
      if (url === '/api/payments/policy') return json(200, { platformFeePercent: 10 });
      if (url === '/api/safety-rules') return json(200, MA_SAFETY_RULES);
      // Two ZIP codes' centres; the tiles are offline (GET /api/map fails), as in a test anywhere.
      if (url === '/api/zip-codes/02139') return json(200, { zipCode: '02139', latitude: 42.364, longitude: -71.1028 });
      if (url === '/api/zip-codes/02140') return json(200, { zipCode: '02140', latitude: 42.3919, longitude: -71.1331 });
      if (url.startsWith('/api/zip-codes/')) return json(404, { message: 'Not a known ZIP code', code: 'NOT_FOUND' });
      if (url === '/api/jobs' && init?.method === 'POST') {
        const { zipCode, latitude } = JSON.parse(String(init.body)) as { zipCode: string; latitude?: number };
        if (latitude !== undefined && latitude > 43) {
          const message = 'The pin is 40.2 miles from ZIP code 02139: place it within 15 miles of the job\'s ZIP code.';
          return json(400, { message, code: 'VALIDATION_FAILED', fields: { latitude: message } });
        }
        if (zipCode === '90210') {
          return json(400, { message: 'Yardly is not available in 90210 yet.', code: 'ZIP_NOT_SERVED', fields: { zipCode: 'This ZIP code is outside our service area' } });
        }
        return json(201, makeJob({ status: 'posted', teenId: null }));
      }
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const posts = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/jobs' && init?.method === 'POST');

  function renderForm() {
    renderSignedIn(
      <MemoryRouter initialEntries={['/post-job']}>
        <Routes>
          <Route path="/post-job" element={<PostJobPage />} />
          <Route path="/homeowner-dashboard" element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>,
      homeowner,
    );
    return userEvent.setup();
  }

  async function fillAllButZip() {
    const person = renderForm();
    await person.type(await screen.findByLabelText('Job title'), 'Rake the front yard');
    await person.type(screen.getByLabelText('Description'), 'Leaves from two maples.');
    await person.selectOptions(screen.getByLabelText('Category'), 'Leaf Raking');
    await person.type(screen.getByLabelText('Pay ($)'), '45');
    await person.selectOptions(screen.getByLabelText('Estimated duration'), '1.5 hours');
    return person;
  }

  it('marks the ZIP code required and, when it is empty, says Missing information without posting', async () => {
    const person = await fillAllButZip();
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveValue('');
    expect(zip).toHaveAttribute('aria-required', 'true');
    await person.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(screen.getByLabelText('Job title')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Failed to post job')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
    // On a phone the button sits far below the field: the person is taken to it.
    expect(zip).toHaveFocus();
  });

  it('names the first check a pay fails, and takes the person to it', async () => {
    const person = await fillAllButZip();
    await person.type(screen.getByLabelText('ZIP code'), '02139');
    const pay = screen.getByLabelText('Pay ($)');
    await person.clear(pay);
    await person.type(pay, '7.5');
    await person.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Failed to post job')).toBeInTheDocument();
    expect(pay).toHaveAccessibleDescription(expect.stringContaining('Pay must be between $15 and $500'));
    expect(pay).toHaveFocus();
    expect(posts()).toEqual([]);
  });

  it('marks the field the server refused and takes the person to it', async () => {
    const person = await fillAllButZip();
    const zip = screen.getByLabelText('ZIP code');
    await person.type(zip, '90210');
    await person.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Failed to post job')).toBeInTheDocument();
    expect(screen.getByText('Please check your information and try again.')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription(expect.stringContaining('This ZIP code is outside our service area'));
    expect(zip).toHaveFocus();
    expect(screen.getByLabelText('Job title')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Job posted successfully!')).not.toBeInTheDocument();
  });

  it('posts once the ZIP code is filled in too', async () => {
    const person = await fillAllButZip();
    await person.type(screen.getByLabelText('ZIP code'), '02139');
    await person.click(screen.getByRole('button', { name: 'Post Job' }));
    expect(await screen.findByText('Job posted successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      title: 'Rake the front yard',
      description: 'Leaves from two maples.',
      category: 'leaf_raking',
      payAmount: '45.00',
      estimatedDuration: 90,
      location: null,
      safetyNotes: null,
      homeownerId: homeowner.id,
      zipCode: '02139',
      physicalDemands: 'medium',
      equipment: [],
    });
  });

  it('says, as equipment is ticked, which ages can take the job and the rules behind it', async () => {
    const person = renderForm();
    const equipment = await screen.findByRole('group', { name: 'Equipment needed' });
    expect(await screen.findByText('Teens 14 and up can take this job.')).toBeInTheDocument();
    expect(equipment).toHaveAccessibleDescription('Teens 14 and up can take this job.');

    await person.click(screen.getByRole('checkbox', { name: 'Rake' }));
    expect(equipment).toHaveAccessibleDescription('Teens 14 and up can take this job.');
    await person.click(screen.getByRole('checkbox', { name: 'Lawn mower (power)' }));
    const ages16 = 'Ages 16+: Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).';
    expect(equipment).toHaveAccessibleDescription(ages16);
    const rules = screen.getByRole('list', { name: 'The rules that apply' });
    expect(rules).toHaveTextContent('29 CFR 570.33');
    expect(rules).toHaveTextContent('In Massachusetts, teens under 16 may not operate or work near power-driven machinery in motion.');
    expect(rules).toHaveTextContent('M.G.L. c. 149, § 61');

    await person.click(screen.getByRole('checkbox', { name: 'Chain saw (adults only)' }));
    expect(equipment).toHaveAccessibleDescription(
      'This job is for adults only: no one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).',
    );
    expect(screen.getByRole('list', { name: 'The rules that apply' })).toHaveTextContent('No one under 18 may use a chain saw or a wood chipper.');

    await person.click(screen.getByRole('checkbox', { name: 'Chain saw (adults only)' }));
    expect(equipment).toHaveAccessibleDescription(ages16);
    await person.click(screen.getByRole('checkbox', { name: 'Lawn mower (power)' }));
    expect(equipment).toHaveAccessibleDescription('Teens 14 and up can take this job.');
    expect(screen.queryByRole('list', { name: 'The rules that apply' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/safety-rules')).toHaveLength(1);
  });

  describe('the exact spot (issue 17)', () => {
    const stubLocation = (latitude: number, longitude: number) =>
      vi.stubGlobal(
        'navigator',
        Object.assign(Object.create(navigator) as Navigator, {
          geolocation: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude, longitude } } as GeolocationPosition) },
        }),
      );

    it('pins the job where the homeowner stands and sends the point; without a pin it sends none', async () => {
      stubLocation(42.3736, -71.1097);
      const person = await fillAllButZip();
      await person.type(screen.getByLabelText('ZIP code'), '02139');
      await person.click(screen.getByRole('button', { name: 'Use My Location' }));
      expect(screen.getByText(/Pinned at 42\.37360, -71\.10970\./)).toBeInTheDocument();
      await person.click(screen.getByRole('button', { name: 'Remove Pin' }));
      expect(screen.getByText(/Left there, the job is placed at the ZIP code's centre\./)).toBeInTheDocument();
      await person.click(screen.getByRole('button', { name: 'Use My Location' }));
      await person.click(screen.getByRole('button', { name: 'Post Job' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({ zipCode: '02139', latitude: 42.3736, longitude: -71.1097 });
    });

    it("shows the server's refusal of a pin far from the ZIP code under the spot", async () => {
      stubLocation(43.5, -71.1);
      const person = await fillAllButZip();
      await person.type(screen.getByLabelText('ZIP code'), '02139');
      await person.click(screen.getByRole('button', { name: 'Use My Location' }));
      await person.click(screen.getByRole('button', { name: 'Post Job' }));
      expect(await screen.findByText("The pin is 40.2 miles from ZIP code 02139: place it within 15 miles of the job's ZIP code.")).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Exact spot (optional)' })).toHaveAccessibleDescription(expect.stringContaining('40.2 miles'));
    });

    it('posts without a pin as before', async () => {
      const person = await fillAllButZip();
      await person.type(screen.getByLabelText('ZIP code'), '02139');
      await person.click(screen.getByRole('button', { name: 'Post Job' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      const body = JSON.parse(String(posts()[0]![1]!.body)) as Record<string, unknown>;
      expect(body).not.toHaveProperty('latitude');
      expect(body).not.toHaveProperty('longitude');
    });

    /** The pin's place on the map (Leaflet positions it in pixels) and its marker. */
    const pinOf = async () => {
      const map = await screen.findByTestId('pin-map');
      return await waitFor(() => within(map).getByRole('button', { name: 'Job pin: drag it to the spot, or move it with the arrow keys' }));
    };
    const at = (pin: HTMLElement) => [pin.style.left, pin.style.top];

    it("puts the pin at the ZIP code's centre and follows the ZIP code until it is moved, then sends where it was moved", async () => {
      const person = await fillAllButZip();
      expect(screen.getByText(/Enter the job's ZIP code to place the pin on the map\./)).toBeInTheDocument();
      expect(screen.queryByTestId('pin-map')).not.toBeInTheDocument();
      await person.type(screen.getByLabelText('ZIP code'), '02139');
      const pin = await pinOf();
      expect(screen.getByText(/The pin is at the ZIP code's centre: drag it/)).toBeInTheDocument();
      const atFirstCentre = at(pin);
      // Another ZIP code: the unmoved pin goes to its centre, north-west of the first.
      await person.clear(screen.getByLabelText('ZIP code'));
      await person.type(screen.getByLabelText('ZIP code'), '02140');
      await waitFor(() => expect(at(pin)).not.toEqual(atFirstCentre));
      const [left, top] = at(pin).map((px) => parseFloat(px!));
      expect(left).toBeLessThan(parseFloat(atFirstCentre[0]!));
      expect(top).toBeLessThan(parseFloat(atFirstCentre[1]!));

      // The keyboard's way to drag: arrows move the focused pin, about 30 m a press.
      pin.focus();
      await person.keyboard('{ArrowUp}{ArrowUp}{ArrowRight}');
      expect(screen.getByText(/Pinned at 42\.39250, -71\.13269\./)).toBeInTheDocument();
      // Moved, the pin stays where it was put whatever the ZIP code.
      const moved = at(pin);
      await person.clear(screen.getByLabelText('ZIP code'));
      await person.type(screen.getByLabelText('ZIP code'), '02139');
      expect(at(pin)).toEqual(moved);
      await person.click(screen.getByRole('button', { name: 'Post Job' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({ zipCode: '02139', latitude: 42.3925, longitude: -71.132694 });
    });

    it('shows no map for a ZIP code without a known centre', async () => {
      const person = await fillAllButZip();
      await person.type(screen.getByLabelText('ZIP code'), '00000');
      await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/zip-codes/00000')).toBe(true));
      expect(screen.queryByTestId('pin-map')).not.toBeInTheDocument();
      expect(screen.getByText(/Enter the job's ZIP code to place the pin on the map\./)).toBeInTheDocument();
    });
  });
});
