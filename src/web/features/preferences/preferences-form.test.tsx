import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPreferences } from '../../../contract/preferences';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { preferencesWith } from '../recommendations/test-fixtures';
import PreferencesForm from './preferences-form';

const PREFERENCES_URL = `/api/users/${TEEN.id}/preferences`;

describe('PreferencesForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let preferences: UserPreferences;
  beforeEach(() => {
    preferences = preferencesWith();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === PREFERENCES_URL) return json(200, preferences);
      return json(500, { message: `unexpected ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderForm = async () => {
    renderSignedIn(<PreferencesForm userId={TEEN.id} onSaved={() => undefined} />, TEEN);
    return screen.findByRole('form', { name: 'Preferences' });
  };

  /** The visible value beside a control's label: the <output> tied to it. */
  const shownValue = (slider: HTMLElement) => slider.closest('div')!.parentElement!.querySelector(`output[for="${slider.id}"]`)!.textContent;

  it.each([
    ['Minimum match score', '40', '90', '5', '60', '60%'],
    ['Maximum distance', '1', '15', '1', '5', '5 miles'],
    ['Maximum job duration', '1', '8', '0.5', '4', '4h'],
  ])('has the slider %s from %s to %s in steps of %s, at the default %s shown as %s', async (name, min, max, step, value, text) => {
    const form = await renderForm();
    const slider = within(form).getByRole('slider', { name });
    expect(slider).toHaveAttribute('min', min);
    expect(slider).toHaveAttribute('max', max);
    expect(slider).toHaveAttribute('step', step);
    expect(slider).toHaveValue(value);
    expect(slider).toHaveAttribute('aria-valuetext', text);
    expect(shownValue(slider)).toBe(text);
  });

  it('shows a slider’s new value as it moves: half hours as Xh Ym, one mile singular', async () => {
    const form = await renderForm();
    const duration = within(form).getByRole('slider', { name: 'Maximum job duration' });
    fireEvent.change(duration, { target: { value: '4.5' } });
    expect(shownValue(duration)).toBe('4h 30m');
    expect(duration).toHaveAttribute('aria-valuetext', '4h 30m');
    const distance = within(form).getByRole('slider', { name: 'Maximum distance' });
    fireEvent.change(distance, { target: { value: '1' } });
    expect(shownValue(distance)).toBe('1 mile');
  });

  it.each([
    ['Preferred times', ['Morning', 'Afternoon', 'Evening'], ['Afternoon']],
    ['Weather you work in', ['Sunny', 'Cloudy', 'Light rain', 'Overcast'], ['Sunny', 'Cloudy']],
    ['Preferred categories', ['Lawn Care', 'Leaf Raking', 'Snow Shoveling', 'Cleaning', 'Outdoor Maintenance', 'Seasonal', 'Landscaping'], ['Lawn Care']],
    ['Tools you have', ['Lawn mower (power)', 'Leaf blower (power)', 'Rake', 'Shovel', 'Hose', 'Pruning shears', 'Wheelbarrow'], []],
  ])('has the checkbox group %s with every choice, the defaults ticked', async (name, choices, ticked) => {
    const form = await renderForm();
    const boxes = within(within(form).getByRole('group', { name })).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')!.textContent)).toEqual(choices);
    expect(boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.closest('label')!.textContent)).toEqual(ticked);
  });

  it.each([
    ['Experience', ['Beginner', 'Intermediate', 'Advanced'], 'Beginner'],
    ['Physical capability', ['Light', 'Moderate', 'Heavy'], 'Moderate'],
  ])('has the single choice %s with its options, the default chosen', async (name, options, chosen) => {
    const form = await renderForm();
    const group = within(form).getByRole('radiogroup', { name });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(options);
    expect(within(group).getByRole('radio', { name: chosen })).toBeChecked();
  });

  it.each([
    ['Avoid heavy lifting', false],
    ['Require adult supervision', true],
    ['Prefer familiar neighborhoods', true],
    ['AI matching', true],
    ['Show safety warnings', true],
  ])('has the switch %s, at its default (%s), saying On or Off', async (name, on) => {
    const form = await renderForm();
    const control = within(form).getByRole('switch', { name });
    expect(control).toHaveAttribute('aria-checked', String(on));
    expect(control.parentElement).toHaveTextContent(on ? 'On' : 'Off');
    await userEvent.click(control);
    expect(control).toHaveAttribute('aria-checked', String(!on));
    expect(control.parentElement).toHaveTextContent(on ? 'Off' : 'On');
  });

  it('starts from what the teen saved, not the defaults', async () => {
    preferences = preferencesWith({
      minMatchScore: 75,
      maxDistance: 12,
      maxJobDuration: 2.5,
      preferredTimeSlots: ['morning', 'evening'],
      toolAccess: ['rake', 'shovel'],
      experience: 'advanced',
      physicalCapability: 'heavy',
      aiMatchingEnabled: false,
    });
    const form = await renderForm();
    expect(within(form).getByRole('slider', { name: 'Minimum match score' })).toHaveAttribute('aria-valuetext', '75%');
    expect(within(form).getByRole('slider', { name: 'Maximum distance' })).toHaveAttribute('aria-valuetext', '12 miles');
    expect(within(form).getByRole('slider', { name: 'Maximum job duration' })).toHaveAttribute('aria-valuetext', '2h 30m');
    expect(within(form).getByRole('checkbox', { name: 'Morning' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Afternoon' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Rake' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Advanced' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Heavy' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'AI matching' })).toHaveAttribute('aria-checked', 'false');
  });

  it('offers Try Again when the preferences cannot be read', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/auth/me' ? json(200, TEEN) : json(500, { message: 'down' })));
    renderSignedIn(<PreferencesForm userId={TEEN.id} onSaved={() => undefined} />, TEEN);
    expect(await screen.findByText('Could not load your preferences.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
