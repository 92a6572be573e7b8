import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

const TRIGGER_CLASSES =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';

/**
 * Tabs on Radix: a tablist of tabs, each tied to its tabpanel, with arrow keys between tabs and one
 * tab stop. Only the active panel is mounted, so a panel's queries run when it is opened.
 */
export const Tabs = RadixTabs.Root;

export function TabList({ className = '', ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={`flex gap-1 rounded-lg bg-slate-100 p-1 ${className}`} {...props} />;
}

export function Tab({ className = '', ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={`${TRIGGER_CLASSES} ${className}`} {...props} />;
}

export function TabPanel({ className = '', ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={`focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${className}`} {...props} />;
}
