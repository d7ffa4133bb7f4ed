import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

type TabItem = { value: string; label: string; content: ReactNode };

/**
 * Tabs whose arrow keys follow the right-to-left reading order (from the Direction provider).
 * On a phone every tab stays whole and in sight: the strip wraps into rows of pills instead of
 * running off the screen; from 640 px it is the underlined strip.
 */
export function Tabs({
  items,
  defaultValue,
  value,
  onValueChange,
  label,
}: {
  items: TabItem[];
  defaultValue?: string;
  /** The open tab, when the caller keeps it (in the URL, say); with `onValueChange`. */
  value?: string;
  onValueChange?: (value: string) => void;
  label: string;
}) {
  return (
    <TabsPrimitive.Root
      {...(value === undefined ? { defaultValue: defaultValue ?? items[0]?.value } : { value })}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <TabsPrimitive.List
        aria-label={label}
        className="flex flex-wrap gap-2 sm:flex-nowrap sm:gap-1 sm:overflow-x-auto sm:border-b sm:border-slate-200"
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            className="min-h-11 flex-auto whitespace-nowrap rounded-full border border-slate-300 bg-white px-4 text-slate-800 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:font-bold data-[state=active]:text-white sm:flex-none sm:rounded-none sm:border-0 sm:border-b-2 sm:border-transparent sm:bg-transparent sm:text-slate-700 sm:data-[state=active]:border-brand-700 sm:data-[state=active]:bg-transparent sm:data-[state=active]:text-brand-800"
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content key={item.value} value={item.value} className="pt-4">
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
