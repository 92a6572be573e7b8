import { act, render, screen } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Field } from '../components/ui/field';
import { ApiError } from './api';
import { applyServerError, firstErrorMessage } from './form-errors';

interface Draft {
  title: string;
  zipCode: string;
  equipment: string[];
}

/** A form as the pages build them, handing its methods back to the test. */
function renderForm() {
  const handle: { form?: UseFormReturn<Draft> } = {};
  function TestForm() {
    const form = useForm<Draft>({ defaultValues: { title: '', zipCode: '', equipment: [] } });
    handle.form = form;
    const { errors } = form.formState;
    return (
      <form>
        <Field label="Job title" error={errors.title?.message} {...form.register('title')} />
        <Field label="ZIP code" error={errors.zipCode?.message} {...form.register('zipCode')} />
        <label>
          <input type="checkbox" value="rake" {...form.register('equipment')} />
          Rake
        </label>
        {errors.equipment && <p>{errors.equipment.message}</p>}
      </form>
    );
  }
  render(<TestForm />);
  const apply = (error: unknown) => {
    let landed = false;
    act(() => {
      landed = applyServerError(handle.form!, error);
    });
    return landed;
  };
  return { apply, errors: () => handle.form!.formState.errors };
}

const refused = (fields?: Record<string, string>) => new ApiError('zipCode: This ZIP code is outside our service area', 400, 'VALIDATION_FAILED', fields);

describe('applyServerError', () => {
  it("puts each refused input's message under its field and takes the person to the first", () => {
    const { apply } = renderForm();
    expect(apply(refused({ zipCode: 'This ZIP code is outside our service area', title: 'Title is required' }))).toBe(true);
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('This ZIP code is outside our service area');
    expect(screen.getByLabelText('Job title')).toHaveAccessibleDescription('Title is required');
    // The server lists them in the order its checks ran: the first is where the person goes.
    expect(zip).toHaveFocus();
  });

  it('shows an item of a list on the list, with the first thing wrong', () => {
    const { apply, errors } = renderForm();
    expect(apply(refused({ 'equipment.1': 'Invalid option', 'equipment.0': 'Text cannot contain a NUL character' }))).toBe(true);
    expect(errors().equipment).toMatchObject({ type: 'server', message: 'Invalid option' });
    expect(screen.getByText('Invalid option')).toBeInTheDocument();
  });

  it('sets nothing for an input the form has no field for, and says nothing landed', () => {
    const { apply, errors } = renderForm();
    expect(apply(refused({ token: 'The reset token is missing', '': 'Invalid request' }))).toBe(false);
    expect(errors()).toEqual({});
    expect(screen.getByLabelText('Job title')).not.toHaveAttribute('aria-invalid');
  });

  it('sets nothing when the server named no field, or the failure is not a refusal', () => {
    const { apply, errors } = renderForm();
    expect(apply(refused())).toBe(false);
    expect(apply(new ApiError('Request failed', 500))).toBe(false);
    expect(apply(new TypeError('Failed to fetch'))).toBe(false);
    expect(errors()).toEqual({});
    expect(screen.getByLabelText('Job title')).not.toHaveFocus();
  });
});

describe('firstErrorMessage', () => {
  it('names the first field in error in the order given, not the order the errors were set', () => {
    const errors = { password: { type: 'too_small', message: 'Password must be at least 6 characters long' }, fullName: { type: 'too_small', message: 'Please enter your full name' } };
    expect(firstErrorMessage<{ fullName: string; password: string }>(errors, ['fullName', 'password'])).toBe('Please enter your full name');
    expect(firstErrorMessage<{ fullName: string; password: string }>({}, ['fullName', 'password'])).toBeUndefined();
  });
});
