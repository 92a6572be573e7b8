import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import {
  EXPERIENCE_LABELS,
  EXPERIENCE_LEVELS,
  MAX_DISTANCE_RANGE,
  MAX_JOB_DURATION_RANGE,
  MIN_MATCH_SCORE_RANGE,
  PHYSICAL_CAPABILITIES,
  PHYSICAL_CAPABILITY_LABELS,
  PREFERENCE_CATEGORIES,
  PREFERENCE_CATEGORY_LABELS,
  PREFERENCE_SWITCH_LABELS,
  PREFERENCE_SWITCHES,
  PREFERENCE_TOOL_LABELS,
  PREFERENCE_TOOLS,
  TIME_SLOT_LABELS,
  TIME_SLOTS,
  UserPreferencesSchema,
  WEATHER_LABELS,
  WEATHER_PREFERENCES,
  type PreferenceSwitch,
  type SliderRange,
  type UserPreferences,
  type UserPreferencesInput,
} from '../../../contract/preferences';
import { formatDuration } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { CheckboxGroup } from '../../components/ui/checkbox-group';
import { ChoiceGroup, type Choice } from '../../components/ui/choice-group';
import { SliderField } from '../../components/ui/slider-field';
import { SwitchField } from '../../components/ui/switch-field';
import { applyServerError } from '../../lib/form-errors';
import { messageOf, notify } from '../../lib/toast';
import { preferenceQueries, useSavePreferences } from './api';

/** Spec 8's words when the preferences are saved. */
export const PREFERENCES_SAVED = 'Preferences saved! Your job recommendations will update automatically.';

const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>): Choice<T>[] => values.map((value) => ({ value, label: labels[value] }));

const percent = (value: number) => `${value}%`;
const miles = (value: number) => (value === 1 ? '1 mile' : `${value} miles`);
const hours = (value: number) => formatDuration(value * 60);

/** What each switch does, under its label. */
const SWITCH_DESCRIPTIONS: Record<PreferenceSwitch, string> = {
  avoidHeavyLifting: 'Leave out jobs marked hard.',
  requireAdultSupervision: 'Favor jobs a Yardly coordinator supervises.',
  preferFamiliarNeighborhoods: 'Favor jobs near places you have worked before.',
  aiMatchingEnabled: 'Pick jobs for you from these preferences. Off: browse all jobs yourself.',
  showSafetyWarnings: "Show each job's safety notes on its card.",
};

type Draft = UserPreferencesInput;

/**
 * The teen's preferences (spec 5): every field with its range, step and current value, saved whole
 * (POST). Loaded with the AI Jobs tab's Preferences button only: it brings the schema library.
 */
export default function PreferencesForm({ userId, onSaved }: { userId: string; onSaved: () => void }) {
  const preferences = useQuery(preferenceQueries.detail(userId));
  return (
    <QueryState query={preferences} what="your preferences" loading="Loading preferences...">
      {(saved) => <LoadedPreferencesForm userId={userId} saved={saved} onSaved={onSaved} />}
    </QueryState>
  );
}

function LoadedPreferencesForm({ userId, saved, onSaved }: { userId: string; saved: UserPreferences; onSaved: () => void }) {
  const save = useSavePreferences(userId);
  const form = useForm<Draft, unknown, UserPreferences>({ resolver: zodResolver(UserPreferencesSchema), defaultValues: saved });
  const { control, handleSubmit } = form;

  const onSave = handleSubmit(
    (checked) =>
      save.mutate(checked, {
        onSuccess: () => {
          notify.success(PREFERENCES_SAVED);
          onSaved();
        },
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Could not save your preferences', messageOf(error) ?? 'Please try again.');
        },
      }),
    () => notify.error('Could not save your preferences', 'Please check the values you chose.'),
  );

  return (
    <form onSubmit={onSave} noValidate aria-label="Preferences" className="space-y-6">
      <Group title="Matching">
        <SwitchInput control={control} name="aiMatchingEnabled" />
        <Slider control={control} name="minMatchScore" label="Minimum match score" range={MIN_MATCH_SCORE_RANGE} format={percent} hint="Only jobs that match you at least this well." />
      </Group>
      <Group title="Distance and time">
        <Slider control={control} name="maxDistance" label="Maximum distance" range={MAX_DISTANCE_RANGE} format={miles} />
        <Slider control={control} name="maxJobDuration" label="Maximum job duration" range={MAX_JOB_DURATION_RANGE} format={hours} />
        <Checkboxes control={control} name="preferredTimeSlots" label="Preferred times" choices={choicesOf(TIME_SLOTS, TIME_SLOT_LABELS)} />
        <Checkboxes control={control} name="weatherPreferences" label="Weather you work in" choices={choicesOf(WEATHER_PREFERENCES, WEATHER_LABELS)} />
      </Group>
      <Group title="Jobs and skills">
        <Checkboxes control={control} name="preferredCategories" label="Preferred categories" choices={choicesOf(PREFERENCE_CATEGORIES, PREFERENCE_CATEGORY_LABELS)} />
        <Checkboxes
          control={control}
          name="toolAccess"
          label="Tools you have"
          choices={choicesOf(PREFERENCE_TOOLS, PREFERENCE_TOOL_LABELS)}
          hint="A job that needs a tool you do not have is not recommended."
        />
        <Controller
          control={control}
          name="experience"
          render={({ field, fieldState }) => (
            <ChoiceGroup label="Experience" value={field.value} onChange={field.onChange} choices={choicesOf(EXPERIENCE_LEVELS, EXPERIENCE_LABELS)} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="physicalCapability"
          render={({ field, fieldState }) => (
            <ChoiceGroup
              label="Physical capability"
              value={field.value}
              onChange={field.onChange}
              choices={choicesOf(PHYSICAL_CAPABILITIES, PHYSICAL_CAPABILITY_LABELS)}
              error={fieldState.error?.message}
            />
          )}
        />
      </Group>
      <Group title="Safety and comfort">
        {PREFERENCE_SWITCHES.filter((name) => name !== 'aiMatchingEnabled').map((name) => (
          <SwitchInput key={name} control={control} name={name} />
        ))}
      </Group>
      <Button type="submit" className="w-full" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Preferences'}
      </Button>
    </form>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-4">
      <h3 className="text-base font-bold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

type SliderName = 'minMatchScore' | 'maxDistance' | 'maxJobDuration';
type ListName = 'preferredTimeSlots' | 'weatherPreferences' | 'preferredCategories' | 'toolAccess';

function Slider({
  control,
  name,
  label,
  range,
  format,
  hint,
}: {
  control: Control<Draft>;
  name: SliderName;
  label: string;
  range: SliderRange;
  format: (value: number) => string;
  hint?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SliderField
          ref={field.ref}
          name={field.name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          min={range.min}
          max={range.max}
          step={range.step}
          format={format}
          hint={hint}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function Checkboxes({ control, name, label, choices, hint }: { control: Control<Draft>; name: ListName; label: string; choices: Choice<string>[]; hint?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckboxGroup ref={field.ref} label={label} value={field.value} onChange={field.onChange} choices={choices} hint={hint} error={errorOf(fieldState.error)} />
      )}
    />
  );
}

function SwitchInput({ control, name }: { control: Control<Draft>; name: PreferenceSwitch & FieldPath<Draft> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SwitchField
          ref={field.ref}
          label={PREFERENCE_SWITCH_LABELS[name]}
          description={SWITCH_DESCRIPTIONS[name]}
          checked={field.value}
          onCheckedChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A list's error may sit on the list or on one of its items ('toolAccess.2'): either is shown on the group. */
function errorOf(error: { message?: string; [index: number]: { message?: string } | undefined } | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  return Object.values(error).find((item): item is { message: string } => typeof item === 'object' && item !== null && typeof item.message === 'string')?.message;
}
